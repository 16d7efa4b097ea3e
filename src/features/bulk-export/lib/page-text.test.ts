import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { pageText, valueAt } from './page-text.ts';

const columns = [
  { name: 'username', path: ['username'] },
  { name: 'owner.name', path: ['owner', 'name'] },
  { name: 'tags', path: ['tags'] },
  { name: 'emails', path: ['emails'] },
];
const rows = [
  {
    username: 'ada, "the" first',
    owner: { name: 'acme' },
    tags: ['a', 'b'],
    emails: [{ email: 'x@y' }],
  },
  { username: '=SUM(A1)', owner: null, tags: [], emails: [] },
  { username: '-12.5', tags: ['x', null] },
];

describe('pageText', () => {
  it('CSV: header on the first page only, RFC 4180 quoting, CRLF, pages end with a line break', () => {
    const first = pageText('csv', columns, rows.slice(0, 1), true);
    const second = pageText('csv', columns, rows.slice(1), false);
    expect(first).toBe(
      'username,owner.name,tags,emails\r\n"ada, ""the"" first",acme,"a, b","[{""email"":""x@y""}]"\r\n',
    );
    expect(second).toBe(`"'=SUM(A1)",,,\r\n-12.5,,"x, null",\r\n`);
    const parsed = Papa.parse<string[]>(first + second, { skipEmptyLines: true }).data;
    expect(parsed).toHaveLength(4);
  });

  it('CSV: a page without rows is only the header (or nothing)', () => {
    expect(pageText('csv', columns, [], true)).toBe('username,owner.name,tags,emails\r\n');
    expect(pageText('csv', columns, [], false)).toBe('');
  });

  it('CSV: one column of empty text is quoted, so the line is not skipped', () => {
    expect(pageText('csv', [columns[0]!], [{ username: '' }], false)).toBe('""\r\n');
  });

  it('NDJSON: one object per row keyed by column, values as they came, missing as null', () => {
    const text = pageText('ndjson', columns, rows, true);
    const lines = text.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).map((l) => JSON.parse(l) as unknown)).toEqual([
      {
        username: 'ada, "the" first',
        'owner.name': 'acme',
        tags: ['a', 'b'],
        emails: [{ email: 'x@y' }],
      },
      { username: '=SUM(A1)', 'owner.name': null, tags: [], emails: [] },
      { username: '-12.5', 'owner.name': null, tags: ['x', null], emails: null },
    ]);
  });
});

describe('valueAt', () => {
  it('null on the way is null; a missing key is undefined', () => {
    expect(valueAt({ a: null }, ['a', 'b'])).toBeNull();
    expect(valueAt({ a: {} }, ['a', 'b'])).toBeUndefined();
    expect(valueAt({ a: { b: 0 } }, ['a', 'b'])).toBe(0);
  });
});
