import { describe, expect, it } from 'vitest';
import { columnRoles } from './column-roles.ts';
import { ReportStore } from './csv-store.ts';
import { metricOptions } from './metrics.ts';
import { buildSummary, chartColumn, dimensionOptions, SUMMARY_PRESETS } from './summary-spec.ts';

const HEADER = [
  'Instance user ID',
  'Username',
  'Client Name',
  'Timestamp Date (or Month)',
  'Language',
  'Searches',
  'Chat Events',
  'Combined CAR',
];
const ROWS = [
  ['1', 'ann', 'vscode.cody', '2025-01-01', 'go', '1', '2', '0.5'],
  ['2', 'bob', 'vscode.cody', '2025-01-02', 'go', '1', '0', ''],
  ['3', '', 'jetbrains.cody', '2025-02-01', 'java', '', '5', '0.25'],
  ['1', 'ann', 'server.web', '2025-02-03', '', '4', '', ''],
];

function report(rows = ROWS) {
  const s = new ReportStore(HEADER);
  s.append(rows);
  return { source: s.source(), cols: columnRoles(s.header, s.types(), s.leadingZeros()) };
}

const preset = (label: string) => SUMMARY_PRESETS.find((p) => p.label === label)!.spec;

describe('metrics and dimensions', () => {
  it('offers active users first, never an ID or text column', () => {
    const { cols } = report();
    expect(metricOptions(cols).map((o) => o.label)).toEqual([
      'Active users',
      'All events',
      'Searches',
      'Chat Events',
      'Combined CAR (mean of rows)',
    ]);
    expect(dimensionOptions(cols, ['day', 'week', 'month']).map((d) => d.id)).toEqual([
      'user',
      'client',
      'language',
      'day',
      'week',
      'month',
      'col:Username',
    ]);
    expect(dimensionOptions(cols, ['month']).map((d) => d.id)).toContain('month');
    expect(dimensionOptions(cols, ['month']).map((d) => d.id)).not.toContain('day');
  });
});

describe('buildSummary: the preset questions', () => {
  it('active users per month', () => {
    const { source, cols } = report();
    const r = buildSummary(source, cols, preset('Active users per month'));
    expect(r.header).toEqual([
      'Month',
      'Rows',
      'Distinct users',
      'Distinct clients',
      'Distinct languages',
      'Sum of All events',
      'Min of All events',
      'Max of All events',
    ]);
    expect(r.rows).toEqual([
      ['2025-01', 2, 2, 1, 1, 4, 1, 3],
      ['2025-02', 2, 2, 2, 1, 9, 4, 5],
    ]);
  });

  it('events per client per month', () => {
    const { source, cols } = report();
    const r = buildSummary(source, cols, preset('Events per client per month'));
    expect(r.keyCount).toBe(2);
    expect(r.rows.map((x) => [x[0], x[1], x[5]])).toEqual([
      ['2025-01', 'vscode.cody', 4],
      ['2025-02', 'jetbrains.cody', 5],
      ['2025-02', 'server.web', 4],
    ]);
  });

  it('top users, with their username, cut to the limit', () => {
    const { source, cols } = report();
    const r = buildSummary(source, cols, { ...preset('Top 20 users'), limit: 2 });
    expect(r.header.slice(0, 3)).toEqual(['Instance user ID', 'Username', 'Rows']);
    expect(r.rows.map((x) => [x[0], x[1], x[5]])).toEqual([
      ['1', 'ann', 7],
      ['3', null, 5],
    ]);
    expect(r.groups).toBe(3);
    expect(r.numeric).toEqual([false, false, true, true, true, true, true, true]);
  });

  it('languages by users, the empty language last among equals', () => {
    const { source, cols } = report();
    const r = buildSummary(source, cols, preset('Languages by users'));
    expect(r.rows.map((x) => [x[0], x[2]])).toEqual([
      ['go', 2],
      ['java', 1],
      ['', 1],
    ]);
    expect(r.sort).toEqual({ column: 'Distinct users', direction: 'descending' });
    expect(chartColumn(r)).toBe('Distinct users');
    expect(
      chartColumn({ ...r, sort: { column: 'Max of All events', direction: 'ascending' } }),
    ).toBe('Sum of All events');
    expect(chartColumn({ ...r, sort: { column: 'Language', direction: 'ascending' } })).toBe(
      'Sum of All events',
    );
  });

  it('a rate without parts is averaged; an unknown sort column falls back; empty reports give no rows', () => {
    const { source, cols } = report();
    const r = buildSummary(source, cols, {
      by: ['client'],
      value: 'col:Combined CAR',
      limit: 10,
      sort: { column: 'nope', direction: 'ascending' },
    });
    expect(r.header).toContain('Combined CAR (mean of rows)');
    expect(r.sort.column).toBe('Combined CAR (mean of rows)');
    const e = report([]);
    expect(buildSummary(e.source, e.cols, preset('Top 20 users')).rows).toEqual([]);
  });
});
