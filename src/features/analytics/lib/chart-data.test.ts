import { describe, expect, it } from 'vitest';
import { chartData } from './chart-data.ts';
import { columnRoles } from './column-roles.ts';
import { ReportStore } from './csv-store.ts';
import { OTHER } from './summarize.ts';

const HEADER = [
  'Instance user ID',
  'Client Name',
  'Timestamp Date (or Month)',
  'Language',
  'Searches',
  'Chat Events',
  'Combined CAR',
];

function report(rows: string[][]) {
  const s = new ReportStore(HEADER);
  s.append(rows);
  return { source: s.source(), cols: columnRoles(s.header, s.types(), s.leadingZeros()) };
}

const ROWS = [
  ['1', 'vscode.cody', '2025-01-01', 'go', '1', '2', '0.5'],
  ['2', 'vscode.cody', '2025-01-01', 'go', '1', '0', ''],
  ['3', 'jetbrains.cody', '2025-01-01', 'java', '', '5', '0.25'],
  ['1', 'server.web', '2025-01-03', '', '4', '', ''],
  ['4', 'eclipse.cody', '2025-01-03', 'rust', '', '1', ''],
];

describe('chartData', () => {
  it('active users per day, with the missing day filled with 0', () => {
    const { source, cols } = report(ROWS);
    const d = chartData(source, cols, {
      metric: { kind: 'active-users' },
      x: { column: 2, per: 'day' },
      top: 5,
    });
    expect(d).toEqual({
      x: ['2025-01-01', '2025-01-02', '2025-01-03'],
      time: true,
      series: [{ label: '', values: [3, 0, 2] }],
    });
  });

  it('a series per client: the top 2 and Other, distinct users counted in Other', () => {
    const { source, cols } = report(ROWS);
    const d = chartData(source, cols, {
      metric: { kind: 'active-users' },
      x: { column: 2, per: 'day' },
      split: 1,
      top: 2,
    });
    // vscode.cody has 2 users; jetbrains, web and eclipse 1 each: ties break by name.
    expect(d.series.map((s) => s.label)).toEqual(['vscode.cody', 'eclipse.cody', OTHER]);
    expect(d.series[0]?.values).toEqual([2, 0, 0]);
    expect(d.series[1]?.values).toEqual([0, 0, 1]);
    // Other on 2025-01-03 is user 1 (web); on 2025-01-01 user 3 (jetbrains).
    expect(d.series[2]?.values).toEqual([1, 0, 1]);
  });

  it('no Other series when every value fits; rates are averaged, gaps stay empty', () => {
    const { source, cols } = report(ROWS);
    const d = chartData(source, cols, {
      metric: { kind: 'column', name: 'Combined CAR' },
      x: { column: 2, per: 'day' },
      top: 10,
      split: 3,
    });
    expect(d.series.map((s) => s.label).includes(OTHER)).toBe(false);
    const all = chartData(source, cols, {
      metric: { kind: 'column', name: 'Combined CAR' },
      x: { column: 2, per: 'day' },
      top: 10,
    });
    expect(all.series[0]?.values).toEqual([0.375, null, null]);
  });

  it('a category axis lists the largest values first; an ID column is no metric', () => {
    const { source, cols } = report(ROWS);
    const d = chartData(source, cols, { metric: { kind: 'events' }, x: { column: 0 }, top: 5 });
    expect(d.time).toBe(false);
    expect(d.x).toEqual(['1', '3', '2', '4']);
    expect(d.series[0]?.values).toEqual([7, 5, 1, 1]);
    const none = chartData(source, cols, {
      metric: { kind: 'column', name: 'Instance user ID' },
      x: { column: 2, per: 'day' },
      top: 5,
    });
    expect(none.series).toEqual([]);
  });

  it('is empty for an empty report', () => {
    const { source, cols } = report([]);
    expect(
      chartData(source, cols, { metric: { kind: 'rows' }, x: { column: 2, per: 'week' }, top: 5 }),
    ).toEqual({ x: [], time: true, series: [{ label: '', values: [] }] });
  });
});
