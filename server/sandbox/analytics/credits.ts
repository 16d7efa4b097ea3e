/**
 * Credit buckets of the analytics sandbox (the real response format is undocumented; this shape is
 * ours and is what `src/features/analytics/lib/credits.ts` reads as format `json`):
 * `{ "instanceURL": host, "buckets": [{ "id", "activePeriod": { "start", "end" }, "allocation",
 * "consumption", "daily": [{ "date", "consumed" }] }] }`, dates `YYYY-MM-DD`, both bounds inclusive.
 *
 * Buckets are 90-day periods anchored on the server's start date: two past buckets (one under-,
 * one over-consumed), the active bucket (today is day 46 of 90, consumed at a pace that exhausts it
 * around day 68, so the projection says it runs out before its end), and one future bucket.
 */
import { addDays } from '../../../src/shared/contracts/dates.ts';
import { hash32, prng } from './data.ts';

export interface CreditBucketJson {
  id: string;
  activePeriod: { start: string; end: string };
  allocation: number;
  consumption: number;
  daily: { date: string; consumed: number }[];
}

const PERIOD_DAYS = 90;

/** All buckets of an instance, oldest first. `today` is the server's start date (UTC). */
export function createBuckets(host: string, today: string): CreditBucketJson[] {
  const activeStart = addDays(today, -45);
  const plans = [
    { offset: -2, allocation: 60_000, usedShare: 0.72 },
    { offset: -1, allocation: 75_000, usedShare: 1.06 },
    { offset: 0, allocation: 90_000, usedShare: PERIOD_DAYS / 68 },
    { offset: 1, allocation: 90_000, usedShare: 0 },
  ];
  return plans.map((p, i) => {
    const start = addDays(activeStart, p.offset * PERIOD_DAYS);
    const end = addDays(start, PERIOD_DAYS - 1);
    const r = prng(hash32(`${host}|credits|${start}`));
    const mean = (p.allocation * p.usedShare) / PERIOD_DAYS;
    const daily: CreditBucketJson['daily'] = [];
    for (let d = start; d <= end && d <= today; d = addDays(d, 1)) {
      daily.push({ date: d, consumed: Math.round(mean * (0.7 + r() * 0.6)) });
    }
    return {
      id: `bkt_${hash32(`${host}|${i}`).toString(16).padStart(8, '0')}`,
      activePeriod: { start, end },
      allocation: p.allocation,
      consumption: daily.reduce((s, d) => s + d.consumed, 0),
      daily,
    };
  });
}

/** Buckets whose active period overlaps the optional bounds (only the given bound applies). */
export function filterBuckets(
  buckets: CreditBucketJson[],
  startDate: string,
  endDate: string,
): CreditBucketJson[] {
  return buckets.filter(
    (b) =>
      (!startDate || b.activePeriod.end >= startDate) &&
      (!endDate || b.activePeriod.start <= endDate),
  );
}
