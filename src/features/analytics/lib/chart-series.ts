/**
 * Data for the charts, shaped for uPlot: x values in Unix seconds, one array per series, `null`
 * where a series has no value. Pure and unit-tested.
 */
import type { CreditBucket } from './credits.ts';
import { addDays, daysBetween } from '../../../shared/contracts/dates.ts';
import { projectRunOut } from './credit-series.ts';

/** Unix seconds at UTC midnight of a `YYYY-MM-DD` (or `YYYY-MM`, the 1st) date. */
export function dateToSeconds(date: string): number {
  const d = date.length === 7 ? `${date}-01` : date.slice(0, 10);
  return Date.parse(`${d}T00:00:00Z`) / 1000;
}

/** Daily series of the "Credit consumption" chart. */
export interface CreditSeries {
  days: string[];
  /** Allocation of the bucket active on each day. */
  allocation: (number | null)[];
  /** Cumulative consumption within each bucket, up to today. */
  consumed: (number | null)[];
  /** Active bucket: cumulative consumption projected at the current rate, from today to its end. */
  projection: (number | null)[];
}

const MAX_DAYS = 3 * 366;

/**
 * Builds the daily series over all buckets (from the earliest start to the latest end, at most
 * three years). Without `daily`, consumption is spread evenly from the start to today (or the end).
 */
export function creditSeries(buckets: CreditBucket[], today: string): CreditSeries {
  const out: CreditSeries = { days: [], allocation: [], consumed: [], projection: [] };
  const sorted = [...buckets].sort((a, b) => (a.start < b.start ? -1 : 1));
  const [earliest] = sorted;
  if (!earliest) return out;
  const first = earliest.start;
  const last = sorted.reduce((m, b) => (b.end > m ? b.end : m), earliest.end);
  const n = Math.min(MAX_DAYS, daysBetween(first, last) + 1);
  for (let i = 0; i < n; i++) {
    out.days.push(addDays(first, i));
    out.allocation.push(null);
    out.consumed.push(null);
    out.projection.push(null);
  }
  for (const b of sorted) {
    const byDay = new Map((b.daily ?? []).map((d) => [d.date, d.consumed]));
    const lastSeen = today < b.end ? today : b.end;
    const span = Math.max(1, daysBetween(b.start, lastSeen) + 1);
    const run = projectRunOut(b, today);
    let total = 0;
    for (let day = b.start; day <= b.end; day = addDays(day, 1)) {
      const i = daysBetween(first, day);
      if (i < 0 || i >= n) continue;
      out.allocation[i] = b.allocation;
      if (day <= lastSeen) {
        total += b.daily ? (byDay.get(day) ?? 0) : b.consumption / span;
        out.consumed[i] = Math.round(total * 100) / 100;
      }
      if (run && day >= today) {
        out.projection[i] =
          Math.round((b.consumption + run.ratePerDay * daysBetween(today, day)) * 100) / 100;
      }
    }
  }
  return out;
}
