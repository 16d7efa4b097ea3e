/**
 * Calendar-day arithmetic on `YYYY-MM-DD` strings in UTC, shared by the analytics feature and the
 * analytics sandbox (server/sandbox/analytics/).
 */

const DAY_MS = 86_400_000;

function toMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** `date` plus `days` (may be negative), as `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  return new Date(toMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (`b - a`); 0 for the same day. */
export function daysBetween(a: string, b: string): number {
  return Math.round((toMs(b) - toMs(a)) / DAY_MS);
}
