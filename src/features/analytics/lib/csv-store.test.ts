import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CsvChunkParser } from './csv-stream.ts';
import { cellKey, ReportStore } from './csv-store.ts';
import { summarize } from './summarize.ts';

function store() {
  const s = new ReportStore(['User', 'Date', 'Client', 'Searches']);
  s.append([
    ['ann', '2025-01-01', 'vscode.cody', '3'],
    ['bob', '2025-01-01', 'server.web', '10'],
    ['ann', '2025-01-02', 'server.web', ''],
    ['cy', '2025-02-01', 'jetbrains.cody', '2'],
    ['bob', '2025-02-03', 'vscode.cody', '10'],
  ]);
  return s;
}

const col = (s: ReportStore, c: number) => s.window(0, 100).rows.map((r) => r[c]);

describe('ReportStore', () => {
  it('keeps rows, detects types and returns windows with file row numbers', () => {
    const s = store();
    expect(s.length).toBe(5);
    expect(s.types()).toEqual(['text', 'date', 'text', 'number']);
    expect(s.window(1, 2)).toEqual({
      start: 1,
      rows: [
        ['bob', '2025-01-01', 'server.web', '10'],
        ['ann', '2025-01-02', 'server.web', ''],
      ],
      rowNumbers: [2, 3],
    });
    expect(s.window(4, 10).rows.length).toBe(1);
    expect(s.window(9, 10).rows.length).toBe(0);
  });

  it('pads short rows and drops extra cells', () => {
    const s = new ReportStore(['a', 'b']);
    s.append([['1'], ['2', '3', '4']]);
    expect(s.window(0, 2).rows).toEqual([
      ['1', ''],
      ['2', '3'],
    ]);
  });

  it('sorts numbers numerically, stable, empties last', () => {
    const s = store();
    s.setView({ sort: { column: 3, direction: 'ascending' }, filters: {}, global: '' });
    expect(col(s, 3)).toEqual(['2', '3', '10', '10', '']);
    expect(s.window(0, 5).rowNumbers).toEqual([4, 1, 2, 5, 3]);
    s.setView({ sort: { column: 3, direction: 'descending' }, filters: {}, global: '' });
    expect(s.window(0, 5).rowNumbers).toEqual([2, 5, 1, 4, 3]);
  });

  it('sorts text and filters by column and globally', () => {
    const s = store();
    s.setView({ sort: { column: 0, direction: 'ascending' }, filters: { 2: 'cody' }, global: '' });
    expect(col(s, 0)).toEqual(['ann', 'bob', 'cy']);
    expect(s.viewLength()).toBe(3);
    s.setView({ filters: { 3: '>=10' }, global: '' });
    expect(s.window(0, 9).rowNumbers).toEqual([2, 5]);
    s.setView({ filters: {}, global: 'JETBRAINS' });
    expect(s.window(0, 9).rowNumbers).toEqual([4]);
    s.setView({ filters: {}, global: '' });
    expect(s.isIdentityView()).toBe(true);
    expect(s.viewLength()).toBe(5);
  });

  it('marks a filtered view stale when rows arrive, until refreshed', () => {
    const s = store();
    s.setView({ filters: { 0: 'ann' }, global: '' });
    expect(s.viewLength()).toBe(2);
    s.append([['ann', '2025-03-01', 'x', '1']]);
    expect(s.isViewStale()).toBe(true);
    s.refreshView();
    expect(s.viewLength()).toBe(3);
    expect(s.isViewStale()).toBe(false);
  });

  it('gives summaries the rows of the view and flags leading zeros', () => {
    const s = store();
    const sums = () =>
      summarize(s.source(), [{ column: 1, per: 'month' }], [{ op: 'sum', columns: [3] }]).rows;
    expect(sums()).toEqual([
      { keys: ['2025-01'], values: [13] },
      { keys: ['2025-02'], values: [12] },
    ]);
    // Sorting changes nothing; the summary reads the rows in file order.
    s.setView({ sort: { column: 3, direction: 'descending' }, filters: {}, global: '' });
    expect(s.source().rows).toBeUndefined();
    expect(sums()).toEqual([
      { keys: ['2025-01'], values: [13] },
      { keys: ['2025-02'], values: [12] },
    ]);
    s.setView({ sort: { column: 3, direction: 'descending' }, filters: { 2: 'cody' }, global: '' });
    expect(Array.from(s.source().rows ?? [])).toEqual([0, 3, 4]);
    expect(sums()).toEqual([
      { keys: ['2025-01'], values: [3] },
      { keys: ['2025-02'], values: [12] },
    ]);
    expect(s.leadingZeros()).toEqual([false, false, false, false]);
    s.append([['007', '2025-03-01', 'x', '1']]);
    expect(s.leadingZeros()).toEqual([true, false, false, false]);
  });

  it('handles 200,000 rows: sort and window stay correct', () => {
    const s = new ReportStore(['n', 'k']);
    const rows: string[][] = [];
    for (let i = 0; i < 200_000; i++) rows.push([String((i * 7919) % 200_000), `k${i % 13}`]);
    s.append(rows);
    s.setView({ sort: { column: 0, direction: 'descending' }, filters: {}, global: '' });
    expect(s.window(0, 3).rows.map((r) => r[0])).toEqual(['199999', '199998', '199997']);
    expect(s.window(199_999, 5).rows.map((r) => r[0])).toEqual(['0']);
  });

  it('keeps codes in the narrowest typed array and widens it without losing a value', () => {
    const s = new ReportStore(['few', 'some', 'many']);
    const n = 70_000;
    const rows: string[][] = [];
    for (let i = 0; i < n; i++) rows.push([`c${i % 6}`, String(i % 300), `v${i}`]);
    // In small batches: each batch may widen a column with rows of the earlier batches stored.
    for (let i = 0; i < n; i += 997) s.append(rows.slice(i, i + 997));
    s.compact();
    const widths = s.source().columns.map((c) => c.codes.BYTES_PER_ELEMENT);
    expect(widths).toEqual([1, 2, 4]);
    expect(s.codeBytes()).toBe(n * (1 + 2 + 4));
    for (const i of [0, 255, 256, 299, 65_535, 65_536, n - 1])
      expect(s.window(i, 1).rows[0]).toEqual(rows[i]);
  });

  it('sorts a column of numbers and words: numbers in order, then words, then empties', () => {
    const s = new ReportStore(['v']);
    s.append([['10'], ['n/a'], [''], ['-2.5'], ['9'], ['1e3'], ['abc']]);
    expect(s.types()).toEqual(['text']);
    s.setView({ sort: { column: 0, direction: 'ascending' }, filters: {}, global: '' });
    expect(col(s, 0)).toEqual(['-2.5', '9', '10', '1e3', 'abc', 'n/a', '']);
    s.setView({ sort: { column: 0, direction: 'descending' }, filters: {}, global: '' });
    expect(col(s, 0)).toEqual(['n/a', 'abc', '1e3', '10', '9', '-2.5', '']);
  });

  it('round-trips parsed CSV: quoted commas, quotes and newlines, ragged rows', () => {
    const csv =
      'id,note,n\r\n1,"a, b",3\r\n2,"say ""hi""\r\nnext line",4\r\n3,short\r\n4,x,5,extra\r\n';
    const parser = new CsvChunkParser();
    // Cut inside the quoted newline: rows must not depend on where chunks end.
    const cut = csv.indexOf('next') - 2;
    const rows = [
      ...parser.push(csv.slice(0, cut)),
      ...parser.push(csv.slice(cut)),
      ...parser.end(),
    ];
    const s = new ReportStore(parser.header ?? []);
    s.append(rows);
    expect(s.window(0, 9).rows).toEqual([
      ['1', 'a, b', '3'],
      ['2', 'say "hi"\r\nnext line', '4'],
      ['3', 'short', ''],
      ['4', 'x', '5'],
    ]);
    expect(parser.ragged.count).toBe(2);
  });
});

describe('ReportStore.appendLines (quote-free lines read in place)', () => {
  /** The same lines through `append`, split the way papaparse reads quote-free text. */
  function viaRows(header: string[], lines: string[]) {
    const s = new ReportStore(header);
    s.append(lines.filter((l) => l !== '' || header.length === 1).map((l) => l.split(',')));
    return s;
  }

  it('stores what `append` stores: empty cells, unicode, short and long rows, blank lines', () => {
    const header = ['id', 'user', 'client', 'n'];
    const lines = [
      '1,zoë,vscode,3',
      '2,,server.web,',
      '',
      '3,🚀ops',
      '4,ann,web,5,extra',
      '1,zoë,vscode,3',
    ];
    const text = lines.map((l) => l + '\r\n').join('');
    const s = new ReportStore(header);
    const stats = s.appendLines(text, 0, text.length, '\r\n');
    expect(stats).toEqual({
      lines: 6,
      rows: 5,
      ragged: 2,
      first: { at: text.indexOf('3,🚀'), row: 2, fields: 2 },
    });
    expect(s.window(0, 10)).toEqual(viaRows(header, lines).window(0, 10));
    expect(s.types()).toEqual(['number', 'text', 'text', 'number']);
  });

  it('reads only the given range, with any line ending', () => {
    const s = new ReportStore(['a', 'b']);
    const text = 'skip,me\nx,1\ny,2\nskip,too';
    s.appendLines(text, 8, 16, '\n');
    expect(s.window(0, 10).rows).toEqual([
      ['x', '1'],
      ['y', '2'],
    ]);
  });

  it('keeps a blank line as an empty cell when there is one column', () => {
    const s = new ReportStore(['only']);
    expect(s.appendLines('a\r\rb\r', 0, 5, '\r').rows).toBe(3);
    expect(s.window(0, 10).rows).toEqual([['a'], [''], ['b']]);
  });

  it('matches `append` over many distinct values (wider codes) and equal-hash lookalikes', () => {
    const header = ['k', 'v'];
    const lines: string[] = [];
    for (let i = 0; i < 70_000; i++) lines.push(`${i % 300},${i}`);
    // Cells that differ only in order or by one character.
    lines.push('ab,ba', 'ba,ab', 'ab,ab');
    const text = lines.join('\n') + '\n';
    const s = new ReportStore(header);
    s.appendLines(text, 0, text.length, '\n');
    const expected = viaRows(header, lines);
    expect(s.length).toBe(expected.length);
    expect(s.window(69_990, 20)).toEqual(expected.window(69_990, 20));
    expect(s.window(0, 600)).toEqual(expected.window(0, 600));
  });

  it('keeps no reference to the text it read (a long cell is copied, not sliced from it)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const s = new ReportStore(['user', 'n']);
    // Lines with new values of 13+ characters, then 16 MB more: a substring that long would be
    // a view into the whole text (V8 sliced strings) and keep it alive. Made and read in a
    // function of its own, so no temporary of this test holds the text.
    const read = () => {
      const lines = Array.from({ length: 8 }, (_, i) => `someone.${i}@example.com,${i}\n`);
      const text = lines.join('') + 'x'.repeat(16 << 20);
      s.appendLines(text, 0, lines.join('').length, '\n');
    };
    gc();
    const before = process.memoryUsage().heapUsed;
    read();
    gc();
    const kept = process.memoryUsage().heapUsed - before;
    expect(s.window(7, 1).rows).toEqual([['someone.7@example.com', '7']]);
    expect(kept).toBeLessThan(4 << 20);
  });

  it('keeps a cell longer than an argument list exactly', () => {
    const long = Array.from({ length: 30_000 }, (_, i) =>
      String.fromCharCode(0xd7ff - (i % 900)),
    ).join('');
    const s = new ReportStore(['a', 'b']);
    s.appendLines(`${long},1\n`, 0, long.length + 3, '\n');
    expect(s.window(0, 1).rows[0]?.[0]).toBe(long);
  });

  it('mixes with `append`: the same text is the same code either way', () => {
    const s = new ReportStore(['a']);
    s.append([['x'], ['y']]);
    s.appendLines('y\nx\nz\n', 0, 6, '\n');
    s.append([['z']]);
    expect(s.window(0, 10).rows.map((r) => r[0])).toEqual(['x', 'y', 'y', 'x', 'z', 'z']);
    expect(s.source().columns[0]?.dict).toEqual(['x', 'y', 'z']);
  });

  it('tells short cells apart by their bytes: any bytes, lengths that differ by a NUL', () => {
    const values = [
      '',
      'a',
      '\0a',
      'a\0',
      'ab',
      'ba',
      'é',
      'ÿ',
      '€',
      '😀',
      '9999',
      '0009',
      '\0\0\0\0',
    ];
    const lines = [...values, ...values.slice().reverse()];
    const text = lines.map((v) => `${v},1\n`).join('');
    const s = new ReportStore(['v', 'n']);
    s.appendLines(text, 0, text.length, '\n');
    expect(s.window(0, 100).rows.map((r) => r[0])).toEqual(lines);
    expect(s.source().columns[0]?.dict).toEqual(values);
  });

  it('tells long cells with the same key apart (found by search: a 32-bit key collides)', () => {
    const enc = new TextEncoder();
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair && i < 2_000_000; i++) {
      const v = `u${String(i).padStart(7, '0')}@example.com`;
      const b = enc.encode(v);
      const key = cellKey(b, 0, b.length);
      const other = seen.get(key);
      if (other !== undefined) pair = [other, v];
      else seen.set(key, v);
    }
    expect(pair).toBeDefined();
    const [x, y] = pair!;
    const lines = [x, y, y, x, 'plain', x];
    const text = lines.map((v) => `${v},1\n`).join('');
    const s = new ReportStore(['v', 'n']);
    s.appendLines(text, 0, text.length, '\n');
    s.append([[y]]);
    expect(s.window(0, 10).rows.map((r) => r[0])).toEqual([...lines, y]);
    expect(s.source().columns[0]?.dict).toEqual([x, y, 'plain']);
  });
});
