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
