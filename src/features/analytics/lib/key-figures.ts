/**
 * The "Key figures" tiles' numbers: active users over the last 7 and 30 days and events over the
 * last 30, each against the period before. Runs in the report worker over the columnar store (one
 * pass over the rows). Pure.
 *
 * Rules (README "Key figures"):
 * - Periods end on the report's latest date L (the newest date in its rows, whatever the filters),
 *   never on today: the last 7 days are L−6 … L, the 7 before L−13 … L−7; likewise 30. A monthly
 *   report has months: its latest month against the month before (no 7- or 30-day figures).
 * - The figures count the rows that pass the preview's filters, as the chart and summary do.
 * - A user is active in a period when one of their rows in it is marked `Active Sourcegraph User`
 *   (a billable action, even on a row whose counts are all blank) or has a count above zero (a
 *   tracked action). A row with neither is no action (the export's docs say both).
 * - The previous period is compared only when the report covers all of it: it starts on or after
 *   the report's first day (the requested start date, else its first date with rows). Its days
 *   without rows then count as nothing happening.
 */
import { activeFlagColumn, activityTest } from './active-rows.ts';
import type { ColumnInfo } from './column-roles.ts';
import { parseNumber } from './csv-types.ts';
import { shiftDate } from './periods.ts';
import type { RowSource } from './summarize.ts';

/** A period (both ends inclusive: `YYYY-MM-DD`, or `YYYY-MM` in a monthly report) and its value. */
interface PeriodValue {
  from: string;
  to: string;
  value: number;
}

export interface Figure {
  current: PeriodValue;
  /** The report starts after `current.from`: the value covers only part of the period. */
  currentPartial: boolean;
  /** The period before; undefined when the report does not cover all of it (see `wanted`). */
  previous?: PeriodValue;
  /** Where the previous period lies (what to load to compare). */
  wanted: { from: string; to: string };
}

export type KeyFigures =
  | {
      ok: true;
      unit: 'day' | 'month';
      /** The report's latest date with rows: every period ends on it. */
      last: string;
      /** The report's first day: the requested start date, else its first date with rows. */
      first: string;
      /** Day reports only. */
      activeWeek?: Figure;
      /** The last 30 days, or the latest month of a monthly report. */
      activeMonth: Figure;
      /** All events (the event columns added up) over the same period; none without event columns. */
      events?: Figure;
      /** The column that marks billable activity, when the report has it. */
      activeFlag?: string;
    }
  | {
      ok: false;
      /** What is missing, worded as what to load instead. */
      reason: 'no-users' | 'no-dates' | 'no-rows';
    };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** The periods a date can fall in, as bits: the last 7 days, the 7 before, the last 30, the 30 before. */
const CUR_WEEK = 0;
const PREV_WEEK = 1;
const CUR_MONTH = 2;
const PREV_MONTH = 3;

/** First day of a period key (a day, or the 1st of a month). */
const dayOf = (key: string) => (key.length === 7 ? `${key}-01` : key);

/**
 * The tiles' figures over `source` (the rows that pass the preview's filters). `requestedStart`
 * is the start date the report was asked for, if any.
 */
export function keyFigures(
  source: RowSource,
  cols: readonly ColumnInfo[],
  requestedStart?: string,
): KeyFigures {
  const user = cols.find((c) => c.role === 'user');
  if (!user) return { ok: false, reason: 'no-users' };
  const date = cols.find((c) => c.role === 'date');
  if (!date) return { ok: false, reason: 'no-dates' };
  const dateCol = source.columns[date.index];
  const userCol = source.columns[user.index];
  if (!dateCol || !userCol) return { ok: false, reason: 'no-rows' };
  const n = source.rows ? source.rows.length : source.length;
  const rows = source.rows;

  // The dates present in the report (all its rows: filters do not move its first and last day).
  const dates = dateCol.dict.map((v) => v.trim().slice(0, 10));
  const seen = new Uint8Array(dates.length);
  for (let r = 0; r < source.length; r++) seen[dateCol.codes[r]!] = 1;
  let last = '';
  for (let c = 0; c < dates.length; c++) {
    const d = dates[c]!;
    if (seen[c] && (DAY.test(d) || MONTH.test(d)) && d > last) last = d;
  }
  if (!last || n === 0) return { ok: false, reason: 'no-rows' };
  const unit = last.length === 7 ? 'month' : 'day';
  const valid = unit === 'month' ? MONTH : DAY;
  let firstSeen = last;
  for (let c = 0; c < dates.length; c++) {
    const d = dates[c]!;
    if (seen[c] && valid.test(d) && d < firstSeen) firstSeen = d;
  }
  const first = requestedStart && DAY.test(requestedStart) ? requestedStart : dayOf(firstSeen);

  // The periods (by index: CUR_WEEK …), and the bits of each date. A monthly report has months.
  const span = (len: number, back: number) => {
    const to = shiftDate(last, -back);
    return { from: shiftDate(to, -(len - 1)), to };
  };
  const periods =
    unit === 'day'
      ? [span(7, 0), span(7, 7), span(30, 0), span(30, 30)]
      : [undefined, undefined, span(1, 0), span(1, 1)];
  const bits = Uint8Array.from(dates, (d) => {
    let b = 0;
    if (valid.test(d))
      periods.forEach((p, k) => {
        if (p && d >= p.from && d <= p.to) b |= 1 << k;
      });
    return b;
  });

  // Whether a row shows activity (`lib/active-rows.ts`).
  const isActive = activityTest(source, cols);
  const flag = activeFlagColumn(cols);
  const eventCols = cols.filter((c) => c.event).map((c) => source.columns[c.index]!);
  const eventCodes = eventCols.map((c) => c.codes);
  const eventNums = eventCols.map((c) => Float64Array.from(c.dict, (v) => parseNumber(v)));

  const U = userCol.dict.length;
  const blankUser = Uint8Array.from(userCol.dict, (v) => (v.trim() === '' ? 1 : 0));
  const seenUser = periods.map(() => new Uint8Array(U));
  const users = [0, 0, 0, 0];
  const sums = [0, 0, 0, 0];
  // Indexed loops throughout: this runs once per row of reports of millions of rows.
  for (let i = 0; i < n; i++) {
    const r = rows ? rows[i]! : i;
    const b = bits[dateCol.codes[r]!]!;
    if (b === 0) continue;
    let ev = 0;
    for (let e = 0; e < eventCodes.length; e++) {
      const x = eventNums[e]![eventCodes[e]![r]!]!;
      if (x === x) ev += x;
    }
    const on = isActive(r);
    const u = userCol.codes[r]!;
    for (let k = 0; k < 4; k++) {
      if (!(b & (1 << k))) continue;
      sums[k]! += ev;
      if (on && !blankUser[u] && !seenUser[k]![u]) {
        seenUser[k]![u] = 1;
        users[k]!++;
      }
    }
  }

  const figure = (cur: number, prev: number, values: number[]): Figure => {
    const c = periods[cur]!;
    const p = periods[prev]!;
    return {
      current: { ...c, value: values[cur]! },
      currentPartial: dayOf(c.from) < first,
      previous: dayOf(p.from) >= first ? { ...p, value: values[prev]! } : undefined,
      wanted: { from: p.from, to: p.to },
    };
  };
  return {
    ok: true,
    unit,
    last,
    first,
    activeWeek: unit === 'day' ? figure(CUR_WEEK, PREV_WEEK, users) : undefined,
    activeMonth: figure(CUR_MONTH, PREV_MONTH, users),
    events: eventCols.length > 0 ? figure(CUR_MONTH, PREV_MONTH, sums) : undefined,
    activeFlag: flag?.name,
  };
}

/** current − previous and its percent of previous (null when there is no previous, or it is 0). */
export function change(f: Figure): { delta: number; percent: number | null } | null {
  if (!f.previous) return null;
  const delta = f.current.value - f.previous.value;
  return { delta, percent: f.previous.value ? (delta / f.previous.value) * 100 : null };
}
