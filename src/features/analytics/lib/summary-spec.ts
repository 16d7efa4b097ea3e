/**
 * The "Summary" table as the user describes it (group by one or two dimensions, a value to add
 * up, an order, how many rows to show) turned into a pivot over the report, with its column
 * headers: the keys, Rows, distinct users / clients / languages (those not grouped by), and the
 * value's sum (mean for a rate), min and max. Runs in the worker (it scans every row). Pure.
 */
import { findRole, type ColumnInfo } from './column-roles.ts';
import { metricMeasure, metricOptions, type MetricRef } from './metrics.ts';
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
  /** The metric id whose sum (mean for rates), min and max are shown; `rows` for none. */
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
 * The column of a summary the chart draws: the sorted column when it is a count, distinct count,
 * sum or mean; otherwise the sum (mean) of the value, or Rows.
 */
export function chartColumn(result: Pick<SummaryResult, 'header' | 'keyCount' | 'sort'>): string {
  const additive = (h: string) =>
    h === 'Rows' || h === 'Distinct users' || h.startsWith('Sum of ') || h.startsWith('Mean of ');
  const sorted = result.sort.column;
  if (result.header.indexOf(sorted) >= result.keyCount && additive(sorted)) return sorted;
  return result.header.find((h) => h.startsWith('Sum of ') || h.startsWith('Mean of ')) ?? 'Rows';
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
  const add = (label: string, m: Measure | undefined, isNumber = true) => {
    if (!m) return;
    header.push(label);
    measures.push(m);
    numeric.push(isNumber);
  };
  const user = findRole(cols, 'user');
  if (by.includes('user') && user) {
    const label =
      cols.find((c) => c.role === 'user-label' && /name/i.test(c.name)) ??
      findRole(cols, 'user-label');
    if (label) add(label.name, { op: 'first', column: label.index }, false);
  }
  add('Rows', { op: 'count' });
  if (user && !by.includes('user')) add('Distinct users', { op: 'distinct', column: user.index });
  for (const role of ['client', 'language'] as const) {
    const c = findRole(cols, role);
    if (c && !by.includes(role)) add(`Distinct ${role}s`, { op: 'distinct', column: c.index });
  }
  const ref = valueRef(spec.value);
  const m = ref && metricMeasure(ref, cols);
  if (ref && m && 'columns' in m) {
    const name = metricOptions(cols).find((o) => o.id === spec.value)?.label ?? spec.value;
    const plain = name.replace(/ \(mean\)$/, '');
    add(m.op === 'mean' ? `Mean of ${plain}` : `Sum of ${plain}`, m);
    add(`Min of ${plain}`, { op: 'min', columns: m.columns });
    add(`Max of ${plain}`, { op: 'max', columns: m.columns });
  }
  if (keyCount === 0)
    return { header, keyCount, numeric, rows: [], groups: 0, rowsUsed: 0, sort: defaultSort() };

  const summary = summarize(source, groups, measures);
  const firstIsPeriod = groups[0]?.per !== undefined;
  function defaultSort(): SummaryResult['sort'] {
    if (firstIsPeriod || keyCount === 0) return { column: header[0] ?? '', direction: 'ascending' };
    const sum = header.find((h) => h.startsWith('Sum of ') || h.startsWith('Mean of '));
    return { column: sum ?? 'Rows', direction: 'descending' };
  }
  const sort = spec.sort && header.includes(spec.sort.column) ? spec.sort : defaultSort();
  const sorted = sortSummary(summary.rows, {
    column: header.indexOf(sort.column),
    direction: sort.direction,
  });
  const limit = Math.max(0, spec.limit);
  return {
    header,
    keyCount,
    numeric,
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
