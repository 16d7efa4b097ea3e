/**
 * Series for the report and summary charts, computed in the worker: a metric per period (or per
 * value, the largest first), optionally one series per client or language: the top N values
 * and "Other" for the rest (computed from the rows, so distinct users in "Other" are right).
 * Missing periods between the first and the last are filled (0 for counts and sums). Pure.
 */
import type { ColumnInfo } from './column-roles.ts';
import { metricMeasure, type MetricRef } from './metrics.ts';
import { periodRange } from './periods.ts';
import { OTHER, summarize, type GroupBy, type RowSource } from './summarize.ts';

export interface SeriesSpec {
  metric: MetricRef;
  /** The x axis: a date column by period, or any column by value. */
  x: GroupBy;
  /** One series per value of this column (top `top` plus Other). */
  split?: number;
  top: number;
}

export interface ChartData {
  /** Period keys (time axis) or values (category axis, largest first). */
  x: string[];
  time: boolean;
  series: { label: string; values: (number | null)[] }[];
}

/** Values of a category axis shown at most. */
const MAX_CATEGORIES = 30;

/** The `n` keys of `column` with the largest metric, and whether more exist. */
function topKeys(
  source: RowSource,
  column: number,
  measure: NonNullable<ReturnType<typeof metricMeasure>>,
  n: number,
): { keys: string[]; more: boolean } {
  const all = summarize(source, [{ column }], [measure]).rows.map((r) => ({
    key: r.keys[0] ?? '',
    v: typeof r.values[0] === 'number' ? r.values[0] : -Infinity,
  }));
  all.sort((a, b) => b.v - a.v || (a.key < b.key ? -1 : 1));
  return { keys: all.slice(0, n).map((e) => e.key), more: all.length > n };
}

export function chartData(
  source: RowSource,
  cols: readonly ColumnInfo[],
  spec: SeriesSpec,
): ChartData {
  const measure = metricMeasure(spec.metric, cols);
  const empty: ChartData = { x: [], time: spec.x.per !== undefined, series: [] };
  if (!measure) return empty;
  const groups: GroupBy[] = [spec.x];
  let order: string[] = [''];
  if (spec.split !== undefined && source.columns[spec.split]) {
    const top = topKeys(source, spec.split, measure, Math.max(1, spec.top));
    order = top.more ? [...top.keys, OTHER] : top.keys;
    groups.push(top.more ? { column: spec.split, keep: top.keys } : { column: spec.split });
  }
  const rows = summarize(source, groups, [measure]).rows;
  const additive = measure.op === 'count' || measure.op === 'distinct' || measure.op === 'sum';
  const fill = additive ? 0 : null;

  let xs: string[];
  if (spec.x.per) {
    const keys = [...new Set(rows.map((r) => r.keys[0] ?? '').filter((k) => k !== ''))].sort();
    const [first] = keys;
    const last = keys.at(-1);
    xs = first !== undefined && last !== undefined ? periodRange(first, last, spec.x.per) : [];
  } else {
    // Category axis: the values with the largest total first.
    const totals = new Map<string, number>();
    for (const r of rows) {
      const v = typeof r.values[0] === 'number' ? r.values[0] : 0;
      const key = r.keys[0] ?? '';
      totals.set(key, (totals.get(key) ?? 0) + v);
    }
    xs = [...totals.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, MAX_CATEGORIES)
      .map((e) => e[0]);
  }
  const at = new Map(xs.map((k, i) => [k, i]));
  const series = order.map((label) => ({
    label,
    values: xs.map((): number | null => fill),
  }));
  const seriesAt = new Map(order.map((k, i) => [k, i]));
  for (const r of rows) {
    const i = at.get(r.keys[0] ?? '');
    const s = series[seriesAt.get(groups.length > 1 ? (r.keys[1] ?? '') : '') ?? -1];
    if (i === undefined || s === undefined) continue;
    const v = r.values[0];
    s.values[i] = typeof v === 'number' ? v : null;
  }
  return { x: xs, time: spec.x.per !== undefined, series };
}
