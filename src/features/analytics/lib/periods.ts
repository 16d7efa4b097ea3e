/**
 * Calendar periods of report dates: day (`YYYY-MM-DD`), ISO week (`YYYY-Www`: weeks start on
 * Monday and belong to the year of their Thursday, so 2024-12-30 is in 2025-W01) and month
 * (`YYYY-MM`). Dates are UTC calendar dates as the report writes them. Pure.
 */

/** The periods a chart or summary can group dates by. */
export type Period = 'day' | 'week' | 'month';
export const PERIODS: readonly Period[] = ['day', 'week', 'month'];

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const MONTH = /^(\d{4})-(\d{2})$/;
const WEEK = /^(\d{4})-W(\d{2})$/;

function utc(y: number, m: number, d: number): number {
  return Date.UTC(y, m - 1, d);
}

function iso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** ISO week of a date given as UTC ms: its week-year and week number (1..53). */
function isoWeek(ms: number): { year: number; week: number } {
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const thursday = ms + (3 - weekday) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - utc(year, 1, 1)) / (7 * DAY_MS)) + 1;
  return { year, week };
}

/**
 * The period a report date falls in, or '' when the value is not a date at the needed precision
 * (a month-only value `YYYY-MM` has no day or week).
 */
export function periodKey(value: string, per: Period): string {
  const v = value.trim();
  const d = DAY.exec(v);
  if (!d) return per === 'month' && MONTH.test(v) ? v : '';
  if (per === 'month') return `${d[1]}-${d[2]}`;
  if (per === 'day') return `${d[1]}-${d[2]}-${d[3]}`;
  const ms = utc(Number(d[1]), Number(d[2]), Number(d[3]));
  if (Number.isNaN(ms)) return '';
  const w = isoWeek(ms);
  return `${w.year}-W${String(w.week).padStart(2, '0')}`;
}

/** First day (`YYYY-MM-DD`) of a period key (a day, `YYYY-Www` or `YYYY-MM`); '' if not one. */
export function periodStart(key: string): string {
  const d = DAY.exec(key);
  if (d) return `${d[1]}-${d[2]}-${d[3]}`;
  const m = MONTH.exec(key);
  if (m) return `${m[1]}-${m[2]}-01`;
  const w = WEEK.exec(key);
  if (!w) return '';
  // Week 1 is the week with January 4th in it.
  const jan4 = utc(Number(w[1]), 1, 4);
  const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  return iso(monday1 + (Number(w[2]) - 1) * 7 * DAY_MS);
}

/** The period after `key`. */
export function nextPeriod(key: string, per: Period): string {
  const start = Date.parse(`${periodStart(key)}T00:00:00Z`);
  if (per === 'day') return iso(start + DAY_MS);
  if (per === 'week') return periodKey(iso(start + 7 * DAY_MS), 'week');
  const d = new Date(start);
  return iso(utc(d.getUTCFullYear(), d.getUTCMonth() + 2, 1)).slice(0, 7);
}

/** Every period from `first` to `last` inclusive, in order (at most `limit`). */
export function periodRange(first: string, last: string, per: Period, limit = 5000): string[] {
  const out: string[] = [];
  if (!first || !last || first > last) return out;
  for (let k = first; k <= last && out.length < limit; k = nextPeriod(k, per)) out.push(k);
  return out;
}

/** Which periods make sense for a date column whose values look like `sample`. */
export function periodsFor(sample: string): Period[] {
  return DAY.test(sample.trim())
    ? ['day', 'week', 'month']
    : MONTH.test(sample.trim())
      ? ['month']
      : [];
}

/** `date` (`YYYY-MM-DD` or `YYYY-MM`) moved by `n` days or months (by the value's own precision). */
export function shiftDate(date: string, n: number): string {
  const m = MONTH.exec(date);
  if (m) return iso(utc(Number(m[1]), Number(m[2]) + n, 1)).slice(0, 7);
  return iso(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) + n * DAY_MS);
}
