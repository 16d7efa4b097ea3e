/**
 * Retention: users grouped into cohorts by the ISO week (Monday to Sunday, UTC dates) or month of
 * their first active row, and per cohort how many of them are active again 1, 2, 4 and 8
 * periods later. Activity as the key figures judge it (`lib/active-rows.ts`); the rows that pass
 * the preview's filters. Runs in the report worker: two passes over the rows, a few typed arrays
 * per distinct user. Pure.
 *
 * - Every period from the first to the last date of the rows is a cohort, empty ones included.
 * - A later period the report does not reach yet is unknown (null), never 0.
 * - "First active" is first active in the rows: users active before the report's start look new
 *   in its first period, and its first and last periods may be cut by the report's dates (the
 *   result says where, the page says so).
 */
import { activityTest } from './active-rows.ts';
import type { ColumnInfo } from './column-roles.ts';
import { nextPeriod, periodKey, periodRange, periodStart, shiftDate } from './periods.ts';
import type { RowSource } from './summarize.ts';

export type CohortPeriod = 'week' | 'month';

/** Periods after the cohort's own at which retention is counted. */
export const RETENTION_OFFSETS = [1, 2, 4, 8] as const;

interface Cohort {
  /** The period key: `YYYY-Www` or `YYYY-MM`. */
  period: string;
  /** Its first day. */
  from: string;
  /** Users whose first active row is in this period. */
  users: number;
  /** Per offset: of those users, how many are active that many periods later (null: not yet known). */
  retained: (number | null)[];
}

export type RetentionResult =
  | {
      ok: true;
      per: CohortPeriod;
      cohorts: Cohort[];
      /** The first and last dates with rows (`YYYY-MM-DD`, or `YYYY-MM` in a monthly report). */
      firstDate: string;
      lastDate: string;
      /** The first period starts before the report's first date. */
      firstPartial: boolean;
      /** The last period ends after the report's last date. */
      lastPartial: boolean;
    }
  | { ok: false; message: string };

/** Most cohorts computed (a long daily report by week: 10 years). */
const MAX_PERIODS = 520;

/** The last day of a period key. */
function periodEnd(key: string, per: CohortPeriod): string {
  return shiftDate(periodStart(nextPeriod(key, per)), -1);
}

export function retention(
  source: RowSource,
  cols: readonly ColumnInfo[],
  per: CohortPeriod,
): RetentionResult {
  const user = cols.find((c) => c.role === 'user');
  const date = cols.find((c) => c.role === 'date');
  if (!user) return { ok: false, message: 'This report has no user column to follow users by.' };
  if (!date)
    return {
      ok: false,
      message: 'This report has no dates. Load one by day or by month to see retention.',
    };
  const userCol = source.columns[user.index];
  const dateCol = source.columns[date.index];
  if (!userCol || !dateCol) return { ok: false, message: 'No rows yet.' };
  const n = source.rows ? source.rows.length : source.length;
  const rows = source.rows;

  // The period of each distinct date, and the first and last dates the rows have.
  const keyOf = dateCol.dict.map((v) => periodKey(v, per));
  const used = new Uint8Array(dateCol.dict.length);
  for (let i = 0; i < n; i++) used[dateCol.codes[rows ? rows[i]! : i]!] = 1;
  let firstDate = '';
  let lastDate = '';
  let firstKey = '';
  let lastKey = '';
  for (let c = 0; c < keyOf.length; c++) {
    const key = keyOf[c]!;
    if (!used[c] || !key) continue;
    const d = dateCol.dict[c]!.trim().slice(0, 10);
    if (!firstDate || d < firstDate) firstDate = d;
    if (!lastDate || d > lastDate) lastDate = d;
    if (!firstKey || key < firstKey) firstKey = key;
    if (!lastKey || key > lastKey) lastKey = key;
  }
  if (!firstKey) {
    const monthly = dateCol.dict.some((v) => /^\d{4}-\d{2}$/.test(v.trim()));
    return {
      ok: false,
      message:
        per === 'week' && monthly
          ? 'This report has months, not days: choose cohorts by month, or load a report by day.'
          : 'No rows with a date (check the filters).',
    };
  }
  const periods = periodRange(firstKey, lastKey, per, MAX_PERIODS);
  const index = new Map(periods.map((k, i) => [k, i]));
  const periodOf = Int32Array.from(keyOf, (k) => index.get(k) ?? -1);
  const P = periods.length;

  // Pass 1: each user's first active period.
  const isActive = activityTest(source, cols);
  const U = userCol.dict.length;
  const blankUser = Uint8Array.from(userCol.dict, (v) => (v.trim() === '' ? 1 : 0));
  const NONE = 0x7fffffff;
  const first = new Int32Array(U).fill(NONE);
  for (let i = 0; i < n; i++) {
    const r = rows ? rows[i]! : i;
    const p = periodOf[dateCol.codes[r]!]!;
    const u = userCol.codes[r]!;
    if (p < 0 || blankUser[u] || p >= first[u]! || !isActive(r)) continue;
    first[u] = p;
  }
  const size = new Float64Array(P);
  for (let u = 0; u < U; u++) if (first[u]! !== NONE) size[first[u]!]!++;

  // Pass 2: who is active again k periods after their first (each user once per offset).
  const slot = new Int8Array(RETENTION_OFFSETS.at(-1)! + 1).fill(-1);
  RETENTION_OFFSETS.forEach((k, j) => (slot[k] = j));
  const seen = new Uint8Array(U);
  const kept = RETENTION_OFFSETS.map(() => new Float64Array(P));
  for (let i = 0; i < n; i++) {
    const r = rows ? rows[i]! : i;
    const u = userCol.codes[r]!;
    const f = first[u]!;
    if (f === NONE) continue;
    const k = periodOf[dateCol.codes[r]!]! - f;
    const j = k > 0 && k < slot.length ? slot[k]! : -1;
    if (j < 0 || seen[u]! & (1 << j) || !isActive(r)) continue;
    seen[u] = seen[u]! | (1 << j);
    kept[j]![f]!++;
  }

  const cohorts = periods.map((period, p): Cohort => ({
    period,
    from: periodStart(period),
    users: size[p]!,
    retained: RETENTION_OFFSETS.map((k, j) => (p + k < P ? kept[j]![p]! : null)),
  }));
  const day = (d: string) => (d.length === 7 ? `${d}-01` : d);
  return {
    ok: true,
    per,
    cohorts,
    firstDate,
    lastDate,
    firstPartial: periodStart(firstKey) < day(firstDate),
    lastPartial: lastDate.length === 10 && periodEnd(lastKey, per) > lastDate,
  };
}
