import { describe, expect, it } from 'vitest';
import { OTHER, sortSummary, summarize, type ColumnData, type RowSource } from './summarize.ts';

/** A columnar source from rows of text, as the report store keeps it. */
function source(rows: string[][], width = rows[0]?.length ?? 0): RowSource {
  const columns: ColumnData[] = [];
  for (let c = 0; c < width; c++) {
    const dict: string[] = [];
    const index = new Map<string, number>();
    const codes = new Uint32Array(rows.length);
    rows.forEach((row, r) => {
      const v = row[c] ?? '';
      let code = index.get(v);
      if (code === undefined) {
        code = dict.length;
        dict.push(v);
        index.set(v, code);
      }
      codes[r] = code;
    });
    columns.push({ dict, codes });
  }
  return { columns, length: rows.length };
}

// user, date, client, searches, rate
const ROWS = [
  ['1', '2024-12-30', 'vscode.cody', '3', '0.5'],
  ['2', '2024-12-31', 'server.web', '10', ''],
  ['1', '2025-01-05', 'server.web', '', '0.25'],
  ['3', '2025-01-06', 'jetbrains.cody', '2', '1'],
  ['2', '2025-02-03', 'vscode.cody', '10', ''],
  ['1', '2025-02-03', 'vscode.cody', '1', ''],
];

describe('summarize', () => {
  it('counts distinct users per ISO week across the year boundary', () => {
    const s = summarize(
      source(ROWS),
      [{ column: 1, per: 'week' }],
      [{ op: 'distinct', column: 0 }, { op: 'count' }],
    );
    expect(s.rows).toEqual([
      // 2024-12-30 (Monday) … 2025-01-05 (Sunday) is 2025-W01: users 1 and 2, user 1 twice.
      { keys: ['2025-W01'], values: [2, 3] },
      { keys: ['2025-W02'], values: [1, 1] },
      { keys: ['2025-W06'], values: [2, 2] },
    ]);
    expect(s.rowsUsed).toBe(6);
  });

  it('distinct users per month differ from the sum of daily active users', () => {
    const s = summarize(
      source(ROWS),
      [{ column: 1, per: 'month' }],
      [{ op: 'distinct', column: 0 }],
    );
    expect(s.rows.map((r) => [r.keys[0], r.values[0]])).toEqual([
      ['2024-12', 2],
      ['2025-01', 2],
      ['2025-02', 2],
    ]);
  });

  it('sums, means, min and max ignore empty cells; an all-empty group gives null', () => {
    const s = summarize(
      source(ROWS),
      [{ column: 2 }],
      [
        { op: 'sum', columns: [3] },
        { op: 'mean', columns: [4] },
        { op: 'min', columns: [3] },
        { op: 'max', columns: [3] },
      ],
    );
    expect(s.rows).toEqual([
      { keys: ['vscode.cody'], values: [14, 0.5, 1, 10] },
      { keys: ['server.web'], values: [10, 0.25, 10, 10] },
      { keys: ['jetbrains.cody'], values: [2, 1, 2, 2] },
    ]);
    const none = summarize(source([['a', '']]), [{ column: 0 }], [{ op: 'sum', columns: [1] }]);
    expect(none.rows[0]?.values).toEqual([null]);
  });

  it('adds several columns per row ("all events")', () => {
    const s = summarize(source(ROWS), [{ column: 0 }], [{ op: 'sum', columns: [3, 4] }]);
    expect(s.rows.find((r) => r.keys[0] === '1')?.values).toEqual([3.5 + 0.25 + 1]);
  });

  it('groups by two keys, with top values kept and the rest as Other', () => {
    const s = summarize(
      source(ROWS),
      [
        { column: 1, per: 'month' },
        { column: 2, keep: ['vscode.cody'] },
      ],
      [{ op: 'count' }, { op: 'distinct', column: 0 }],
    );
    expect(s.rows).toEqual([
      { keys: ['2024-12', 'vscode.cody'], values: [1, 1] },
      { keys: ['2024-12', OTHER], values: [1, 1] },
      { keys: ['2025-01', OTHER], values: [2, 2] },
      { keys: ['2025-02', 'vscode.cody'], values: [2, 2] },
    ]);
  });

  it('groups by date ranges and leaves out rows outside them', () => {
    const s = summarize(
      source(ROWS),
      [
        {
          column: 1,
          ranges: [
            { label: 'previous', from: '2024-12-30', to: '2025-01-05' },
            { label: 'current', from: '2025-01-06', to: '2025-01-31' },
          ],
        },
      ],
      [{ op: 'distinct', column: 0 }],
    );
    expect(s.rows).toEqual([
      { keys: ['previous'], values: [2] },
      { keys: ['current'], values: [1] },
    ]);
    expect(s.rowsUsed).toBe(4);
  });

  it('handles empty sources, ragged rows, blank keys and the first label', () => {
    expect(summarize(source([], 3), [{ column: 0 }], [{ op: 'count' }])).toEqual({
      rows: [],
      rowsUsed: 0,
    });
    // A short row: its missing cells are empty (as the store pads them).
    const ragged = source([['1', 'ann', '5'], ['1', '', ''], ['2'], ['', 'x', '1']], 3);
    const s = summarize(
      ragged,
      [{ column: 0 }],
      [
        { op: 'first', column: 1 },
        { op: 'sum', columns: [2] },
        { op: 'distinct', column: 1 },
      ],
    );
    expect(s.rows).toEqual([
      { keys: ['1'], values: ['ann', 5, 1] },
      { keys: ['2'], values: [null, null, 0] },
      { keys: [''], values: ['x', 1, 1] },
    ]);
    // A column that does not exist: no rows rather than a crash.
    expect(summarize(ragged, [{ column: 9 }], [{ op: 'count' }]).rows).toEqual([]);
  });

  it('summarises only the given rows (the filtered view)', () => {
    const src = { ...source(ROWS), rows: Uint32Array.from([0, 2]) };
    const s = summarize(src, [{ column: 0 }], [{ op: 'count' }]);
    expect(s.rows).toEqual([{ keys: ['1'], values: [2] }]);
  });
});

describe('sortSummary', () => {
  const rows = [
    { keys: ['10'], values: [5, null] },
    { keys: ['9'], values: [7, 1] },
    { keys: [''], values: [7, 2] },
    { keys: [OTHER], values: [1, 3] },
  ];
  it('sorts keys numerically with empty and Other last, values with ties by key', () => {
    expect(sortSummary(rows, { column: 0, direction: 'ascending' }).map((r) => r.keys[0])).toEqual([
      '9',
      '10',
      OTHER,
      '',
    ]);
    expect(sortSummary(rows, { column: 1, direction: 'descending' }).map((r) => r.keys[0])).toEqual(
      ['9', '', '10', OTHER],
    );
    // Empty values stay last in both directions.
    expect(sortSummary(rows, { column: 2, direction: 'ascending' }).map((r) => r.keys[0])).toEqual([
      '9',
      '',
      OTHER,
      '10',
    ]);
    expect(sortSummary(rows, { column: 2, direction: 'descending' }).map((r) => r.keys[0])).toEqual(
      [OTHER, '', '9', '10'],
    );
  });
});
