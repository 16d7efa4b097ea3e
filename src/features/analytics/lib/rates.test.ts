import { describe, expect, it } from 'vitest';
import { chartData } from './chart-data.ts';
import { columnRoles, type ColumnInfo } from './column-roles.ts';
import { comparePeriods } from './compare.ts';
import { ReportStore } from './csv-store.ts';
import { CsvChunkParser } from './csv-stream.ts';
import { metricLabel, metricMeasure, metricNote, metricOptions } from './metrics.ts';
import { ratioMemo, withRatios } from './rates.ts';
import { buildSummary } from './summary-spec.ts';
import type { RowSource } from './summarize.ts';

// A small report, every rate cell consistent with its parts as the export writes them (4
// decimals for the rates, 2 for the percentage). Sums by hand:
//   vscode.cody:    suggestions 2 + 1000 = 1002, acceptances 2 + 100 = 102
//                   Cody chars 50 + 3000 = 3050 of 100 + 4000 = 4100 written
//                   auto-edits 0 + 10 = 10 suggested, 0 + 5 = 5 accepted
//   jetbrains.cody: suggestions 10 + 0 = 10, acceptances 5 + 0 = 5
//                   Cody chars 10 + 0 of 1000 + 0; auto-edits 4 + 2 = 6 suggested, 1 + 0 accepted
//   server.web:     no completions at all (empty cells)
const CSV = [
  'Instance user ID,Client Name,Timestamp Date (or Month),Combined Completion Suggestions,' +
    'Combined Completion Acceptances,Total Accepted Char Count,Combined CAR,Weighted CAR,' +
    'Total Characters Written by Cody,Total Characters Written,Percentage of Code Written by Cody,' +
    'Auto-edit suggested events,Auto-edit accepted events,Auto-edit acceptance rate',
  '1,vscode.cody,2025-01-06,2,2,40,1,0.9,50,100,50,0,0,',
  '2,vscode.cody,2025-01-07,1000,100,2000,0.1,0.05,3000,4000,75,10,5,0.5',
  '3,jetbrains.cody,2025-01-07,10,5,100,0.5,0.4,10,1000,1,4,1,0.25',
  '1,jetbrains.cody,2025-02-03,0,0,0,,,0,0,,2,0,0',
  '2,server.web,2025-02-04,,,,,,,,,,,',
].join('\r\n');

function load(csv: string): { source: RowSource; cols: ColumnInfo[] } {
  const parser = new CsvChunkParser();
  const rows = [...parser.push(csv + '\r\n'), ...parser.end()];
  const store = new ReportStore(parser.header ?? []);
  store.append(rows);
  const source = store.source();
  const cols = withRatios(columnRoles(store.header, store.types(), store.leadingZeros()), source);
  return { source, cols };
}

const byClient = (csv: string, value: string) => {
  const { source, cols } = load(csv);
  const r = buildSummary(source, cols, { by: ['client'], value, limit: 10 });
  const at = (client: string, column: string) =>
    r.rows.find((row) => row[0] === client)?.[r.header.indexOf(column)];
  return { r, at };
};

describe('rates over many rows: the ratio of the sums, never the mean of the rows', () => {
  it('knows the parts of Combined CAR, % of code written and the auto-edit rate; not of Weighted CAR', () => {
    const { cols } = load(CSV);
    const name = (i: number | undefined) => (i === undefined ? undefined : cols[i]?.name);
    const parts = (rate: string) => {
      const c = cols.find((x) => x.name === rate)?.ratio;
      return c && [name(c.num), name(c.den), c.scale];
    };
    expect(parts('Combined CAR')).toEqual([
      'Combined Completion Acceptances',
      'Combined Completion Suggestions',
      1,
    ]);
    expect(parts('Percentage of Code Written by Cody')).toEqual([
      'Total Characters Written by Cody',
      'Total Characters Written',
      100,
    ]);
    expect(parts('Auto-edit acceptance rate')).toEqual([
      'Auto-edit accepted events',
      'Auto-edit suggested events',
      1,
    ]);
    // Weighted by the characters suggested, which the report does not have.
    expect(parts('Weighted CAR')).toBeUndefined();
    expect(metricOptions(cols).map((o) => o.label)).toEqual(
      expect.arrayContaining([
        'Combined CAR (ratio of sums)',
        'Weighted CAR (mean of rows)',
        'Percentage of Code Written by Cody (ratio of sums)',
        'Auto-edit acceptance rate (ratio of sums)',
      ]),
    );
    expect(metricNote({ kind: 'column', name: 'Weighted CAR' }, cols)).toMatch(/mean of the rows/);
    expect(metricNote({ kind: 'column', name: 'Percentage of Code Written by Cody' }, cols)).toBe(
      'Percentage of Code Written by Cody = 100 × sum of Total Characters Written by Cody ÷ sum ' +
        "of Total Characters Written over the rows, never a mean of the rows' rates.",
    );
  });

  it('Summary: Combined CAR per client is Σ acceptances ÷ Σ suggestions, beside both sums', () => {
    const { r, at } = byClient(CSV, 'col:Combined CAR');
    const car = 'Combined CAR (ratio of sums)';
    expect(r.header).toEqual([
      'Client Name',
      'Rows',
      'Distinct users',
      car,
      'Sum of Combined Completion Acceptances',
      'Sum of Combined Completion Suggestions',
      'Min of Combined CAR',
      'Max of Combined CAR',
    ]);
    expect(at('vscode.cody', car)).toBeCloseTo(102 / 1002, 12);
    // The mean of the rows' rates would be (1 + 0.1) / 2 = 0.55.
    expect(at('vscode.cody', car)).not.toBeCloseTo(0.55, 2);
    expect(at('jetbrains.cody', car)).toBeCloseTo(5 / 10, 12);
    expect(at('server.web', car)).toBeNull();
    expect(at('vscode.cody', 'Sum of Combined Completion Suggestions')).toBe(1002);
    expect(at('vscode.cody', 'Min of Combined CAR')).toBe(0.1);
    expect(at('vscode.cody', 'Max of Combined CAR')).toBe(1);
    // Sorted by the rate (its own column), largest first; the chart draws it.
    expect(r.sort).toEqual({ column: car, direction: 'descending' });
    expect(r.metrics[r.header.indexOf(car)]).toBe('col:Combined CAR');
  });

  it('Summary: % of code written is 100 × Σ Cody chars ÷ Σ chars; the auto-edit rate likewise', () => {
    const pcw = byClient(CSV, 'col:Percentage of Code Written by Cody');
    const p = 'Percentage of Code Written by Cody (ratio of sums)';
    expect(pcw.at('vscode.cody', p)).toBeCloseTo((100 * 3050) / 4100, 10);
    expect(pcw.at('jetbrains.cody', p)).toBeCloseTo((100 * 10) / 1000, 10);
    const ae = byClient(CSV, 'col:Auto-edit acceptance rate');
    const a = 'Auto-edit acceptance rate (ratio of sums)';
    expect(ae.at('vscode.cody', a)).toBeCloseTo(5 / 10, 12);
    // Its rows' mean would be (0.25 + 0) / 2 = 0.125.
    expect(ae.at('jetbrains.cody', a)).toBeCloseTo(1 / 6, 12);
  });

  it('Summary: a rate without parts is the mean of its rows, and says so', () => {
    const { r, at } = byClient(CSV, 'col:Weighted CAR');
    expect(r.header).toContain('Weighted CAR (mean of rows)');
    expect(at('vscode.cody', 'Weighted CAR (mean of rows)')).toBeCloseTo((0.9 + 0.05) / 2, 12);
  });

  it('the chart per month and Compare periods recompute the rate from the sums too', () => {
    const { source, cols } = load(CSV);
    const metric = { kind: 'column', name: 'Combined CAR' } as const;
    const month = chartData(source, cols, { metric, x: { column: 2, per: 'month' }, top: 5 });
    expect(month.x).toEqual(['2025-01', '2025-02']);
    // January: (2 + 100 + 5) / (2 + 1000 + 10); February has no suggestions: no rate, not 0.
    expect(month.series[0]?.values[0]).toBeCloseTo(107 / 1012, 12);
    expect(month.series[0]?.values[1]).toBeNull();
    const c = comparePeriods(source, cols, { metric, length: 28 });
    expect(c.ok && c.previous.value).toBeCloseTo(107 / 1012, 12);
    expect(c.ok && c.current.value).toBeNull();
    expect(metricLabel(metric, cols)).toBe('Combined CAR (ratio of sums)');
    expect(metricMeasure(metric, cols)).toEqual({ op: 'ratio', num: 4, den: 3, scale: 1 });
  });

  it('rates written as percentages are recognised; cells that contradict the parts are not', () => {
    // Combined CAR written as a percentage (100 / 1000 → 10).
    const percent = load(
      'Combined Completion Suggestions,Combined Completion Acceptances,Combined CAR\r\n' +
        '1000,100,10\r\n4,1,25\r\n',
    );
    expect(percent.cols[2]?.ratio).toEqual({ num: 1, den: 0, scale: 100 });
    // Not acceptances ÷ suggestions at all: the rows' mean, labelled so.
    const other = load(
      'Combined Completion Suggestions,Combined Completion Acceptances,Combined CAR\r\n' +
        '1000,100,0.3\r\n4,1,0.7\r\n',
    );
    expect(other.cols[2]?.ratio).toBeUndefined();
    expect(metricLabel({ kind: 'column', name: 'Combined CAR' }, other.cols)).toBe(
      'Combined CAR (mean of rows)',
    );
  });

  it('the rounding of a rate as written is allowed: 2/3 written 0.6667 matches', () => {
    const r = load(
      'Combined Completion Suggestions,Combined Completion Acceptances,Combined CAR\r\n' +
        '3,2,0.6667\r\n7,1,0.1429\r\n',
    );
    expect(r.cols[2]?.ratio).toEqual({ num: 1, den: 0, scale: 1 });
  });

  it('a report being read is checked again as rows arrive, until 10,000 rows decided it', () => {
    const header = [
      'Combined Completion Suggestions',
      'Combined Completion Acceptances',
      'Combined CAR',
    ];
    const ratioOf = (store: ReportStore, memo: ReturnType<typeof ratioMemo>) =>
      withRatios(
        columnRoles(store.header, store.types(), store.leadingZeros()),
        store.source(),
        memo,
      )[2]?.ratio;
    const few = new ReportStore(header);
    const memo = ratioMemo();
    few.append([['4', '1', '0.25']]);
    expect(ratioOf(few, memo)).toBeDefined();
    // A row that contradicts it arrives: checked again.
    few.append([['4', '1', '0.9']]);
    expect(ratioOf(few, memo)).toBeUndefined();
    // 10,000 rows that agree decide it for good: rows after them are never read again.
    const many = new ReportStore(header);
    const memo2 = ratioMemo();
    many.append(Array.from({ length: 10_000 }, () => ['4', '1', '0.25']));
    expect(ratioOf(many, memo2)).toEqual({ num: 1, den: 0, scale: 1 });
    many.append(Array.from({ length: 10_000 }, () => ['4', '1', '0.9']));
    expect(ratioOf(many, memo2)).toEqual({ num: 1, den: 0, scale: 1 });
    expect(memo2.final.get(2)).toEqual({ num: 1, den: 0, scale: 1 });
  });
});
