/**
 * "Compare periods": a metric over the latest period of the report (the last N days, or months
 * for a monthly report, ending on its latest date) against the N before it. Distinct users are
 * counted over each whole period, not added up per day. Runs in the worker. Pure.
 */
import { findRole, type ColumnInfo } from './column-roles.ts';
import { metricMeasure, type MetricRef } from './metrics.ts';
import { shiftDate } from './periods.ts';
import { summarize, type RowSource } from './summarize.ts';

export interface CompareSpec {
  metric: MetricRef;
  /** Length of each period, in days (daily dates) or months (monthly dates). */
  length: number;
}

interface PeriodValue {
  from: string;
  to: string;
  value: number | null;
}

export type CompareResult =
  | {
      ok: true;
      unit: 'day' | 'month';
      current: PeriodValue;
      previous: PeriodValue;
      /** current − previous (null when either is missing). */
      change: number | null;
      /** Change in percent of the previous value (null when the previous value is 0 or missing). */
      percent: number | null;
      /** The report's first and last dates (of the rows compared). */
      first: string;
      last: string;
      /** The previous period starts before the report's first date: it is incomplete. */
      partial: boolean;
    }
  | { ok: false; message: string };

export function comparePeriods(
  source: RowSource,
  cols: readonly ColumnInfo[],
  spec: CompareSpec,
): CompareResult {
  const date = findRole(cols, 'date');
  if (!date)
    return {
      ok: false,
      message: 'This report has no dates. Load one by month or by day to compare periods.',
    };
  const measure = metricMeasure(spec.metric, cols);
  if (!measure) return { ok: false, message: 'This report lacks the columns for that metric.' };
  const present = summarize(source, [{ column: date.index }], [])
    .rows.map((r) => (r.keys[0] ?? '').trim().slice(0, 10))
    .filter((d) => /^\d{4}-\d{2}(-\d{2})?$/.test(d))
    .sort();
  const first = present[0];
  const last = present.at(-1);
  if (first === undefined || last === undefined)
    return { ok: false, message: 'No rows with a date to compare (check the filters).' };
  const unit = last.length === 7 ? 'month' : 'day';
  const n = Math.max(1, Math.floor(spec.length));
  const current = { from: shiftDate(last, -(n - 1)), to: last };
  const prevTo = shiftDate(current.from, -1);
  const previous = { from: shiftDate(prevTo, -(n - 1)), to: prevTo };
  const rows = summarize(
    source,
    [
      {
        column: date.index,
        ranges: [
          { label: 'previous', ...previous },
          { label: 'current', ...current },
        ],
      },
    ],
    [measure],
  ).rows;
  const additive = measure.op !== 'mean' && measure.op !== 'ratio';
  const valueOf = (label: string): number | null => {
    const v = rows.find((r) => r.keys[0] === label)?.values[0];
    return typeof v === 'number' ? v : additive ? 0 : null;
  };
  const cur = valueOf('current');
  const prev = valueOf('previous');
  const change = cur === null || prev === null ? null : cur - prev;
  const percent = change === null || !prev ? null : (change / prev) * 100;
  return {
    ok: true,
    unit,
    current: { ...current, value: cur },
    previous: { ...previous, value: prev },
    change,
    percent,
    first,
    last,
    partial: previous.from < first,
  };
}
