/**
 * The "Summary" table as the user describes it (group by one or two dimensions, a value to add
 * up, an order, how many rows to show) turned into a pivot over the report, with its column
 * headers: the keys, Rows, distinct users / clients / languages (those not grouped by), and the
 * value's sum, min and max. A rate is the ratio of its parts' sums per group, shown beside
 * them (or, without parts, the mean of its rows, labelled so). Runs in the worker (it scans
 * every row). Pure.
 */
import { findRole, type ColumnInfo } from './column-roles.ts';
import { metricLabel, metricMeasure, type MetricRef } from './metrics.ts';
import type { Period } from './periods.ts';
import {
  sortSummary,
  summarize,
  type Cell,
  type GroupBy,
  type Measure,
  type RowSource,
} from './summarize.ts';

/** What to group by: `user`, `client`, `language`, `day`, `week`, `month` or `col:<header>`. */
export type DimensionId = string;

export interface DimensionOption {
  id: DimensionId;
  label: string;
}

export interface SummarySpec {
  /** One or two dimensions. */
  by: DimensionId[];
  /** The metric id whose sum (a rate: its ratio), min and max are shown; `rows` for none. */
  value: string;
  /** Sort by the column with this header; default: periods in order, otherwise the value. */
  sort?: { column: string; direction: 'ascending' | 'descending' };
  /** Rows sent to the page (the export has them all). */
  limit: number;
}

export interface SummaryResult {
  header: string[];
  /** How many leading columns are keys. */
  keyCount: number;
  /** Per column: a number to format (right-aligned). */
  numeric: boolean[];
  /** Per column: the metric id (`lib/metrics.ts`) the summary chart draws for it, if any. */
  metrics: (string | undefined)[];
  /** The header of the value's own column (its sum, or the rate over the group), if any. */
  valueColumn?: string;
  /** The rows, sorted, at most `limit` (all of them for an export). */
  rows: Cell[][];
  /** Groups in total. */
  groups: number;
  /** Report rows that were summarised. */
  rowsUsed: number;
  sort: { column: string; direction: 'ascending' | 'descending' };
}

const PERIOD_IDS: readonly Period[] = ['day', 'week', 'month'];

/** The dimensions a report can be grouped by; `periods`: what its date column allows. */
export function dimensionOptions(
  cols: readonly ColumnInfo[],
  periods: readonly Period[],
): DimensionOption[] {
  const out: DimensionOption[] = [];
  if (findRole(cols, 'user')) out.push({ id: 'user', label: 'User' });
  if (findRole(cols, 'client')) out.push({ id: 'client', label: 'Client' });
  if (findRole(cols, 'language')) out.push({ id: 'language', label: 'Language' });
  if (findRole(cols, 'date'))
    for (const p of periods) out.push({ id: p, label: p.charAt(0).toUpperCase() + p.slice(1) });
  for (const c of cols)
    if (c.role === 'text' || c.role === 'user-label')
      out.push({ id: `col:${c.name}`, label: c.name });
  return out;
}

/** The grouping key of a dimension, or undefined when the report lacks it. */
export function dimensionGroup(id: DimensionId, cols: readonly ColumnInfo[]): GroupBy | undefined {
  if ((PERIOD_IDS as readonly string[]).includes(id)) {
    const d = findRole(cols, 'date');
    return d && { column: d.index, per: id as Period };
  }
  if (id === 'user' || id === 'client' || id === 'language') {
    const c = findRole(cols, id);
    return c && { column: c.index };
  }
  const c = cols.find((x) => `col:${x.name}` === id);
  return c && { column: c.index };
}

function dimensionLabel(id: DimensionId, cols: readonly ColumnInfo[]): string {
  if (id === 'user') return findRole(cols, 'user')?.name ?? 'User';
  if (id === 'client') return findRole(cols, 'client')?.name ?? 'Client';
  if (id === 'language') return findRole(cols, 'language')?.name ?? 'Language';
  if ((PERIOD_IDS as readonly string[]).includes(id))
    return id === 'week' ? 'Week (ISO, from Monday)' : id.charAt(0).toUpperCase() + id.slice(1);
  return id.replace(/^col:/, '');
}

/**
 * The column of a summary the chart draws: the sorted column when it has a metric (Rows,
 * Distinct users, a sum, the rate); otherwise the value's own column, or Rows.
 */
export function chartColumn(
  result: Pick<SummaryResult, 'header' | 'keyCount' | 'sort' | 'metrics' | 'valueColumn'>,
): string {
  const sorted = result.header.indexOf(result.sort.column);
  if (sorted >= result.keyCount && result.metrics[sorted]) return result.sort.column;
  return result.valueColumn ?? 'Rows';
}

/** The value a summary adds up, as a metric reference. */
function valueRef(value: string): MetricRef | undefined {
  if (value === 'events') return { kind: 'events' };
  if (value.startsWith('col:')) return { kind: 'column', name: value.slice(4) };
  return undefined;
}

/** Summarises `source` as `spec` says: every group, sorted, then cut to `limit`. */
export function buildSummary(
  source: RowSource,
  cols: readonly ColumnInfo[],
  spec: SummarySpec,
): SummaryResult {
  const by = spec.by.filter((d, i) => spec.by.indexOf(d) === i).slice(0, 2);
  const groups: GroupBy[] = [];
  const header: string[] = [];
  for (const d of by) {
    const g = dimensionGroup(d, cols);
    if (!g) continue;
    groups.push(g);
    header.push(dimensionLabel(d, cols));
  }
  const keyCount = groups.length;
  const measures: Measure[] = [];
  const numeric: boolean[] = header.map(() => false);
  const metrics: (string | undefined)[] = header.map(() => undefined);
  const add = (
    label: string,
    m: Measure | undefined,
    opts: { text?: boolean; metric?: string } = {},
  ) => {
    if (!m) return;
    header.push(label);
    measures.push(m);
    numeric.push(!opts.text);
    metrics.push(opts.metric);
  };
  const user = findRole(cols, 'user');
  if (by.includes('user') && user) {
    const label =
      cols.find((c) => c.role === 'user-label' && /name/i.test(c.name)) ??
      findRole(cols, 'user-label');
    if (label) add(label.name, { op: 'first', column: label.index }, { text: true });
  }
  add('Rows', { op: 'count' }, { metric: 'rows' });
  if (user && !by.includes('user'))
    add('Distinct users', { op: 'distinct', column: user.index }, { metric: 'active-users' });
  for (const role of ['client', 'language'] as const) {
    const c = findRole(cols, role);
    if (c && !by.includes(role)) add(`Distinct ${role}s`, { op: 'distinct', column: c.index });
  }
  const ref = valueRef(spec.value);
  const m = ref && metricMeasure(ref, cols);
  let valueColumn: string | undefined;
  if (ref && m) {
    const name = ref.kind === 'column' ? ref.name : metricLabel(ref, cols);
    valueColumn = m.op === 'ratio' || m.op === 'mean' ? metricLabel(ref, cols) : `Sum of ${name}`;
    add(valueColumn, m, { metric: spec.value });
    if (m.op === 'ratio')
      for (const part of [m.num, m.den]) {
        const c = cols[part];
        if (c) add(`Sum of ${c.name}`, { op: 'sum', columns: [part] }, { metric: `col:${c.name}` });
      }
    // Min and max of the value per row (a rate's own cells).
    const perRow =
      m.op === 'ratio'
        ? cols.filter((c) => c.name === name).map((c) => c.index)
        : 'columns' in m
          ? m.columns
          : [];
    if (perRow.length) {
      add(`Min of ${name}`, { op: 'min', columns: perRow });
      add(`Max of ${name}`, { op: 'max', columns: perRow });
    }
  }
  const shape = { header, keyCount, numeric, metrics, valueColumn };
  if (keyCount === 0) return { ...shape, rows: [], groups: 0, rowsUsed: 0, sort: defaultSort() };

  const summary = summarize(source, groups, measures);
  const firstIsPeriod = groups[0]?.per !== undefined;
  function defaultSort(): SummaryResult['sort'] {
    if (firstIsPeriod || keyCount === 0) return { column: header[0] ?? '', direction: 'ascending' };
    return { column: valueColumn ?? 'Rows', direction: 'descending' };
  }
  const sort = spec.sort && header.includes(spec.sort.column) ? spec.sort : defaultSort();
  const sorted = sortSummary(summary.rows, {
    column: header.indexOf(sort.column),
    direction: sort.direction,
  });
  const limit = Math.max(0, spec.limit);
  return {
    ...shape,
    rows: sorted.slice(0, limit).map((r) => [...r.keys, ...r.values]),
    groups: sorted.length,
    rowsUsed: summary.rowsUsed,
    sort,
  };
}

/** The four questions of the Summary's preset buttons. */
export interface SummaryPreset {
  label: string;
  spec: SummarySpec;
  /** Dimensions the report must have. */
  needs: DimensionId[];
}

export const SUMMARY_PRESETS: readonly [SummaryPreset, ...SummaryPreset[]] = [
  {
    label: 'Active users per month',
    needs: ['month', 'user'],
    spec: { by: ['month'], value: 'events', limit: 100 },
  },
  {
    label: 'Events per client per month',
    needs: ['month', 'client'],
    spec: {
      by: ['month', 'client'],
      value: 'events',
      limit: 1000,
      sort: { column: 'Month', direction: 'ascending' },
    },
  },
  {
    label: 'Top 20 users',
    needs: ['user'],
    spec: {
      by: ['user'],
      value: 'events',
      limit: 20,
      sort: { column: 'Sum of All events', direction: 'descending' },
    },
  },
  {
    label: 'Languages by users',
    needs: ['language', 'user'],
    spec: {
      by: ['language'],
      value: 'events',
      limit: 100,
      sort: { column: 'Distinct users', direction: 'descending' },
    },
  },
];
