/**
 * Credit bucket arithmetic for the "Credit consumption" chart: percent used, whether a bucket is
 * active, and when the active bucket runs out at the current rate. Dates are `YYYY-MM-DD` in UTC;
 * a bucket's active period includes both its start and its end day.
 */
import { addDays, daysBetween } from '../../../shared/contracts/dates.ts';
import type { CreditBucket } from './credits.ts';

/** How many recent days define "the current rate" when daily consumption is known. */
const RATE_WINDOW_DAYS = 7;

/**
 * Summary of one bucket on `today`. `percentUsed` is consumption / allocation × 100 and may exceed
 * 100 when over-consumed (a zero allocation gives 0, or 100 once anything is consumed).
 * `remaining` is allocation − consumption and is negative when over-consumed.
 */
export function bucketSummary(
  b: CreditBucket,
  today: string,
): { percentUsed: number; active: boolean; remaining: number } {
  const percentUsed =
    b.allocation > 0 ? (b.consumption / b.allocation) * 100 : b.consumption > 0 ? 100 : 0;
  return {
    percentUsed,
    active: b.start <= today && today <= b.end,
    remaining: b.allocation - b.consumption,
  };
}

/**
 * Projects when an active bucket runs out. The rate is the mean daily consumption over the last
 * {@link RATE_WINDOW_DAYS} days up to and including today when `daily` is given (missing days
 * count as zero), otherwise consumption divided by the days elapsed since the start (today
 * included). `runOutDate` is the day the remaining credits reach zero (today when already
 * exhausted; absent when nothing is being consumed); `runsOutBeforeEnd` is true when that day is
 * on or before the last day of the period. Returns undefined for a bucket that is not active.
 */
export function projectRunOut(
  b: CreditBucket,
  today: string,
): { ratePerDay: number; runOutDate?: string; runsOutBeforeEnd: boolean } | undefined {
  if (!(b.start <= today && today <= b.end)) return undefined;
  const elapsed = daysBetween(b.start, today) + 1;
  let ratePerDay: number;
  if (b.daily && b.daily.length > 0) {
    const windowDays = Math.min(RATE_WINDOW_DAYS, elapsed);
    const from = addDays(today, -(windowDays - 1));
    const sum = b.daily
      .filter((d) => d.date >= from && d.date <= today)
      .reduce((acc, d) => acc + d.consumed, 0);
    ratePerDay = sum / windowDays;
  } else {
    ratePerDay = b.consumption / elapsed;
  }
  const remaining = b.allocation - b.consumption;
  if (remaining <= 0) return { ratePerDay, runOutDate: today, runsOutBeforeEnd: true };
  if (!(ratePerDay > 0)) return { ratePerDay: 0, runsOutBeforeEnd: false };
  const runOutDate = addDays(today, Math.ceil(remaining / ratePerDay));
  return { ratePerDay, runOutDate, runsOutBeforeEnd: runOutDate <= b.end };
}
