import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, CsvParts, viewFileName } from './csv-write.ts';

describe('csv-write', () => {
  it.each([
    ['plain', 'plain'],
    ['007', '007'],
    ['a,b', '"a,b"'],
    ['"o\'brien, pat"@x', '"""o\'brien, pat""@x"'],
    ['two\nlines', '"two\nlines"'],
    [' padded', '" padded"'],
    ['', ''],
  ])('%j → %j', (v, out) => expect(csvCell(v)).toBe(out));

  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+cmd', "'+cmd"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['\tx', "'\tx"],
  ])('a formula-looking text cell %j is neutralised for spreadsheets → %j', (v, out) =>
    expect(csvCell(v)).toBe(out),
  );

  it.each(['-5', '-1.25', '+7', '-3e5'])('a signed number %j is written as sent', (v) =>
    expect(csvCell(v)).toBe(v),
  );

  it('writes numbers in full and null as empty; round-trips through papaparse', () => {
    expect(csvLine([1.23456789, null, 'x'])).toBe('1.23456789,,x\r\n');
    const rows = [
      ['Username', 'Searches'],
      ['legacy\nimport', '3'],
      ['"q", r', ''],
      ['山田太郎', '0012'],
    ];
    const parts = new CsvParts(10);
    rows.forEach((r) => parts.add(r));
    const text = parts.finish().join('');
    expect(parts.parts.length).toBeGreaterThan(1);
    expect(Papa.parse<string[]>(text, { skipEmptyLines: true }).data).toEqual(rows);
  });

  it('names the derived file after the report', () => {
    expect(viewFileName('report_acme_by_user_all_all.csv', 'rows')).toBe(
      'report_acme_by_user_all_all-view.csv',
    );
    expect(viewFileName('report_acme_by_user_all_all.csv', 'summary')).toBe(
      'report_acme_by_user_all_all-summary-view.csv',
    );
  });
});
