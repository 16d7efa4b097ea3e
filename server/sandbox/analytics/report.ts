/**
 * The report export's CSV: columns per granularity and row generators. Rows are produced lazily,
 * one line at a time, so a report of any size streams in constant memory (see stream.ts).
 *
 * Format (our choice; the real one is undocumented): RFC 4180 with CRLF line endings and a final
 * CRLF, UTF-8 without BOM, fields quoted only when they contain `"`, `,`, CR or LF. Dates are
 * `YYYY-MM-DD`; in `by_user_month` the `Timestamp Date (or Month)` column holds `YYYY-MM`.
 */
import { addDays } from '../../../src/shared/contracts/dates.ts';
import type { Granularity } from '../../../src/shared/contracts/report-params.ts';
import {
  type Activity,
  type Dataset,
  dayNumber,
  M,
  METRIC_COUNT,
  type User,
  userDay,
} from './data.ts';

export const IDENTITY_COLUMNS = [
  'Instance user ID',
  'User Email',
  'Username',
  'Active Sourcegraph User',
] as const;
export const DATE_COLUMN = 'Timestamp Date (or Month)';

type Applies = 'web' | 'ide' | 'both';
interface MetricColumn {
  name: string;
  applies: Applies;
  value: (m: number[]) => number | undefined;
  /** Decimal places for rates and percentages; integers otherwise. */
  decimals?: number;
}

function ratio(a: number | undefined, b: number | undefined): number | undefined {
  return a !== undefined && b !== undefined && b > 0 ? a / b : undefined;
}

/** The documented metric columns (server/sandbox/analytics/README.md), in the documented order. */
export const METRIC_COLUMNS: MetricColumn[] = [
  { name: 'Searches', applies: 'web', value: (m) => m[M.searches] },
  { name: 'Code Navigation Events', applies: 'web', value: (m) => m[M.codeNav] },
  { name: 'Code Insight Views', applies: 'web', value: (m) => m[M.insightViews] },
  { name: 'Chat Events', applies: 'both', value: (m) => m[M.chatEvents] },
  { name: 'Command Events', applies: 'ide', value: (m) => m[M.commandEvents] },
  {
    name: 'Combined Completion Suggestions',
    applies: 'ide',
    value: (m) => m[M.completionSuggestions],
  },
  {
    name: 'Combined Completion Acceptances',
    applies: 'ide',
    value: (m) => m[M.completionAcceptances],
  },
  { name: 'Total Accepted Char Count', applies: 'ide', value: (m) => m[M.acceptedChars] },
  {
    name: 'Combined CAR',
    applies: 'ide',
    decimals: 4,
    value: (m) => ratio(m[M.completionAcceptances], m[M.completionSuggestions]),
  },
  {
    name: 'Weighted CAR',
    applies: 'ide',
    decimals: 4,
    value: (m) => ratio(m[M.acceptedChars], m[M.suggestedChars]),
  },
  { name: 'Total Characters Written by Cody', applies: 'ide', value: (m) => m[M.charsByCody] },
  { name: 'Total Characters Written', applies: 'ide', value: (m) => m[M.charsWritten] },
  {
    name: 'Percentage of Code Written by Cody',
    applies: 'ide',
    decimals: 2,
    value: (m) => {
      const r = ratio(m[M.charsByCody], m[M.charsWritten]);
      return r === undefined ? undefined : r * 100;
    },
  },
  { name: 'Auto-edit suggested events', applies: 'ide', value: (m) => m[M.autoEditSuggested] },
  { name: 'Auto-edit accepted events', applies: 'ide', value: (m) => m[M.autoEditAccepted] },
  {
    name: 'Auto-edit acceptance rate',
    applies: 'ide',
    decimals: 4,
    value: (m) => ratio(m[M.autoEditAccepted], m[M.autoEditSuggested]),
  },
  {
    name: 'Lines changed by chats and commands',
    applies: 'ide',
    value: (m) => m[M.linesChatCommand],
  },
  {
    name: 'Lines changed by completions and auto-edits',
    applies: 'ide',
    value: (m) => m[M.linesCompletionAutoEdit],
  },
];

/** Header row names of a granularity, in order. */
function reportColumns(g: Granularity): string[] {
  const metrics = METRIC_COLUMNS.map((c) => c.name);
  switch (g) {
    case 'by_user':
      return [...IDENTITY_COLUMNS, ...metrics];
    case 'by_user_month':
    case 'by_user_day':
      return [...IDENTITY_COLUMNS, DATE_COLUMN, ...metrics];
    case 'by_user_day_client_language':
      return [...IDENTITY_COLUMNS, 'Client Name', DATE_COLUMN, 'Language', ...metrics];
  }
}

/** Quotes a field when it contains a quote, comma, CR or LF (RFC 4180). */
function csvField(s: string): string {
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const EOL = '\r\n';

/** 10 to the power of a rate's decimals. */
export const POW10 = [1, 10, 100, 1000, 10000];

/** Integers as is; rates rounded to `decimals` places without trailing zeros (`0.3`, `57.35`). */
export function formatNumber(n: number | undefined, decimals: number | undefined): string {
  if (n === undefined) return '';
  if (decimals === undefined) return '' + n;
  const p = POW10[decimals] ?? 10 ** decimals;
  return '' + Math.round(n * p) / p;
}

const identities = new WeakMap<User, string>();

/** The identity cells of a user, computed once per user. */
export function identity(u: User): string {
  let s = identities.get(u);
  if (s === undefined) {
    s = `${u.id},${csvField(u.email)},${csvField(u.username)},${u.active ? 'true' : 'false'}`;
    identities.set(u, s);
  }
  return s;
}

export const COLUMN_PLAN = {
  web: METRIC_COLUMNS.map((c) => c.applies !== 'ide'),
  ide: METRIC_COLUMNS.map((c) => c.applies !== 'web'),
};
export const BLANK_METRICS = ','.repeat(METRIC_COLUMNS.length);

/** Metric cells of one finest-granularity record: blank rows are empty, inapplicable cells too. */
function activityMetrics(a: Activity): string {
  if (a.blank) return BLANK_METRICS;
  const plan = a.ide ? COLUMN_PLAN.ide : COLUMN_PLAN.web;
  let s = '';
  // Indexed (i < METRIC_COLUMNS.length): this runs for every row of a report.
  for (let i = 0; i < METRIC_COLUMNS.length; i++) {
    const c = METRIC_COLUMNS[i]!;
    s += plan[i] ? ',' + formatNumber(c.value(a.m), c.decimals) : ',';
  }
  return s;
}

/** Metric cells of an aggregate; all empty when the user had no activity at all. */
function sumMetrics(m: number[] | undefined): string {
  let s = '';
  for (const c of METRIC_COLUMNS) s += ',' + (m ? formatNumber(c.value(m), c.decimals) : '');
  return s;
}

function addInto(sum: number[], acts: Activity[]): void {
  for (const a of acts)
    for (let i = 0; i < METRIC_COUNT; i++) sum[i] = (sum[i] ?? 0) + (a.m[i] ?? 0);
}

/** The inclusive day range a report covers after applying the optional bounds. */
export function reportRange(
  ds: Dataset,
  startDate: string,
  endDate: string,
): { from: string; to: string } | undefined {
  const from = startDate && startDate > ds.firstDay ? startDate : ds.firstDay;
  const to = endDate && endDate < ds.lastDay ? endDate : ds.lastDay;
  return from <= to ? { from, to } : undefined;
}

function* days(from: string, to: string): Generator<string> {
  for (let d = from; d <= to; d = addDays(d, 1)) yield d;
}

/**
 * The report's lines (header first), each ending in CRLF. The generator may also yield `''`
 * between heavy steps so the writer can give the event loop a turn.
 */
export function* reportLines(
  ds: Dataset,
  g: Granularity,
  startDate: string,
  endDate: string,
): Generator<string> {
  yield reportColumns(g).map(csvField).join(',') + EOL;
  const range = reportRange(ds, startDate, endDate);
  if (g === 'by_user') {
    const sums = new Map<number, number[]>();
    if (range) {
      for (const day of days(range.from, range.to)) {
        const dn = dayNumber(day);
        for (const u of ds.users) {
          const acts = userDay(u, dn);
          if (acts.length === 0) continue;
          let sum = sums.get(u.id);
          if (!sum) sums.set(u.id, (sum = new Array<number>(METRIC_COUNT).fill(0)));
          addInto(sum, acts);
        }
        yield '';
      }
    }
    for (const u of ds.users) yield identity(u) + sumMetrics(sums.get(u.id)) + EOL;
    return;
  }
  if (!range) return;
  if (g === 'by_user_month') {
    let month = range.from.slice(0, 7);
    let sums = new Map<number, number[]>();
    const flush = function* (): Generator<string> {
      for (const u of ds.users) {
        const sum = sums.get(u.id);
        if (sum) yield `${identity(u)},${month}${sumMetrics(sum)}${EOL}`;
      }
    };
    for (const day of days(range.from, range.to)) {
      if (day.slice(0, 7) !== month) {
        yield* flush();
        month = day.slice(0, 7);
        sums = new Map();
      }
      const dn = dayNumber(day);
      for (const u of ds.users) {
        const acts = userDay(u, dn);
        if (acts.length === 0) continue;
        let sum = sums.get(u.id);
        if (!sum) sums.set(u.id, (sum = new Array<number>(METRIC_COUNT).fill(0)));
        addInto(sum, acts);
      }
      yield '';
    }
    yield* flush();
    return;
  }
  for (const day of days(range.from, range.to)) {
    const dn = dayNumber(day);
    for (const u of ds.users) {
      const acts = userDay(u, dn);
      if (acts.length === 0) continue;
      if (g === 'by_user_day') {
        const sum = new Array<number>(METRIC_COUNT).fill(0);
        addInto(sum, acts);
        yield `${identity(u)},${day}${sumMetrics(sum)}${EOL}`;
      } else {
        const id = identity(u);
        for (const a of acts) {
          yield `${id},${a.client},${day},${a.language}${activityMetrics(a)}${EOL}`;
        }
      }
    }
  }
}
