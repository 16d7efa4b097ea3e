import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { NestedList, type Cell } from './flatten.ts';
import { tableCsvParts } from './table-csv.ts';

const csv = (columns: string[], rows: Cell[][], order = rows.map((_, i) => i)) =>
  tableCsvParts(columns, rows, order).join('');

describe('tableCsvParts', () => {
  it('writes the header, then the rows in the given order, CRLF after each record', () => {
    expect(
      csv(
        ['name', 'stars'],
        [
          ['a', 1],
          ['b', 2],
        ],
        [1, 0],
      ),
    ).toBe('name,stars\r\nb,2\r\na,1\r\n');
  });

  it('quotes per RFC 4180: commas, quotes, line breaks and edge spaces', () => {
    const rows: Cell[][] = [['a,b'], ['say "hi"'], ['two\nlines'], [' pad'], ['x\r\ny']];
    expect(csv(['v'], rows)).toBe(
      'v\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n" pad"\r\n"x\r\ny"\r\n',
    );
  });

  it('writes null and missing as empty, booleans and numbers as JSON, nested lists as JSON', () => {
    const rows: Cell[][] = [[null, undefined, true, 1.5e300, new NestedList([{ n: 'go' }])]];
    expect(csv(['a', 'b', 'c', 'd', 'e'], rows)).toBe(
      'a,b,c,d,e\r\n,,true,1.5e+300,"[{""n"":""go""}]"\r\n',
    );
  });

  it('quotes an empty value in a one-column table, so the record is not an empty line', () => {
    // Readers that skip blank lines (Python's csv, pandas) would drop a bare empty record.
    expect(csv(['v'], [['x'], [''], [null]])).toBe('v\r\nx\r\n""\r\n""\r\n');
    expect(csv(['v', 'w'], [['', null]])).toBe('v,w\r\n,\r\n');
  });

  it('neutralises text a spreadsheet would run as a formula, but not signed numbers', () => {
    const rows: Cell[][] = [['=1+2'], ['@SUM(A1)'], ['+cmd'], ['-2+3'], ['-5'], ['+1.5e3'], [-5]];
    expect(csv(['v'], rows)).toBe(
      `v\r\n"'=1+2"\r\n"'@SUM(A1)"\r\n"'+cmd"\r\n"'-2+3"\r\n-5\r\n+1.5e3\r\n-5\r\n`,
    );
  });

  it('round-trips through papaparse, across parts of many rows', () => {
    const rows: Cell[][] = Array.from({ length: 12_003 }, (_, i) => [`r${i}, "q"`, i]);
    const order = rows.map((_, i) => rows.length - 1 - i);
    const parts = tableCsvParts(['text', 'n'], rows, order);
    expect(parts.length).toBeGreaterThan(2);
    const parsed = Papa.parse<string[]>(parts.join('').trimEnd()).data;
    expect(parsed[0]).toEqual(['text', 'n']);
    expect(parsed.slice(1)).toEqual(order.map((i) => [`r${i}, "q"`, String(i)]));
  });
});
