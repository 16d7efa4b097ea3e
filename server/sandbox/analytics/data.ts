/**
 * Deterministic usage data of the analytics sandbox. Every number comes from a PRNG seeded with
 * (instance, user, day), so any report for any date range is reproducible byte for byte without
 * storing anything: the generator keeps only per-user state, never rows.
 */
import { addDays, daysBetween } from '../../../src/shared/contracts/dates.ts';
import { hash32, prng } from '../seeded.ts';

export { hash32, prng };

/** murmur3's 32-bit finalizer: spreads the bits of a combined seed. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Clients as the report names them (`[IDE].cody`, `server.web`, `server.svelte-web`). */
const CLIENTS = [
  'vscode.cody',
  'jetbrains.cody',
  'visualstudio.cody',
  'eclipse.cody',
  'server.web',
  'server.svelte-web',
] as const;
const IDE_CLIENTS = CLIENTS.slice(0, 4);
const WEB_CLIENTS = CLIENTS.slice(4);

const LANGUAGES = [
  'typescript',
  'python',
  'go',
  'java',
  'javascript',
  'rust',
  'c++',
  'c#',
  'kotlin',
  'ruby',
  'php',
  'markdown',
];

const NAMES = [
  'alice',
  'bob',
  'chloé',
  'dmitri',
  'søren',
  'zoë',
  'łukasz',
  'ana-maría',
  'nguyễn',
  'ömer',
  'li.lei',
  'priya',
];

export interface User {
  /** `Instance user ID`. */
  id: number;
  /** PRNG seed of this user on this instance; mixed with the day for each user-day. */
  seed: number;
  /** `User Email`; empty when the instance has no user metadata export addendum. */
  email: string;
  /** `Username`; empty likewise. */
  username: string;
  /** `Active Sourcegraph User`. */
  active: boolean;
  /** Probability of activity on a given day. */
  activity: number;
  /** (client, language) pairs this user works in; web clients have no language. */
  pairs: { client: string; language: string }[];
}

/**
 * Users whose names give the CSV real-world texture: non-ASCII, a quoted email local part with a
 * comma and quotes, a newline inside a field, and empty cells.
 */
const TEXTURE_USERS: { username: string; email: string }[] = [
  { username: 'jürgen.müller', email: 'jürgen.müller@{domain}' },
  { username: '山田太郎', email: 'yamada@{domain}' },
  { username: 'dev🚀ops', email: 'rocket@{domain}' },
  { username: "o'brien, pat", email: '"o\'brien, pat"@{domain}' },
  { username: 'legacy\nimport', email: '' },
  { username: '', email: '' },
];

/** Metric components that sum across rows; rates are derived from them when written. */
const METRIC_KEYS = [
  'searches',
  'codeNav',
  'insightViews',
  'chatEvents',
  'commandEvents',
  'completionSuggestions',
  'completionAcceptances',
  'acceptedChars',
  'suggestedChars',
  'charsByCody',
  'charsWritten',
  'autoEditSuggested',
  'autoEditAccepted',
  'linesChatCommand',
  'linesCompletionAutoEdit',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
export const M = Object.fromEntries(METRIC_KEYS.map((k, i) => [k, i])) as Record<MetricKey, number>;
export const METRIC_COUNT = METRIC_KEYS.length;

/** One (user, day, client, language) record: the finest granularity's row. */
export interface Activity {
  client: string;
  language: string;
  /** `METRIC_COUNT` numbers in `METRIC_KEYS` order. */
  m: number[];
  /** True for the occasional blank row the docs mention (billable action not yet represented). */
  blank: boolean;
  /** True when the client is an IDE (completions apply), false for web (search applies). */
  ide: boolean;
}

/** Expected finest-granularity rows per user per day; calibrates SANDBOX_REPORT_SCALE. */
const ROWS_PER_USER_DAY = 0.775;
/** Default SANDBOX_REPORT_SCALE: rows of the all-time default-granularity report. */
export const DEFAULT_REPORT_SCALE = 5000;
/**
 * Largest scale accepted: about 10 million rows (~1.2 GB of CSV) per all-time report; the
 * generated users alone would not fit in memory far beyond it.
 */
const MAX_REPORT_SCALE = 10_000_000;

/** Why a report scale cannot be used, or null when it can. */
export function reportScaleProblem(scale: number): string | null {
  return scale > MAX_REPORT_SCALE
    ? `SANDBOX_REPORT_SCALE must be at most ${MAX_REPORT_SCALE} (about 10 million rows, 1.2 GB ` +
        `of CSV per report); got ${scale}.`
    : null;
}

/** One instance's data set: its users and the days it has data for. */
export interface Dataset {
  host: string;
  users: User[];
  /** First and last day with data (inclusive), `YYYY-MM-DD`. */
  firstDay: string;
  lastDay: string;
}

/**
 * Builds an instance's data set. `scale` is the approximate number of rows of its all-time
 * `by_user_day_client_language` report: data spans up to 365 days ending on `lastDay`, and the
 * number of users grows with the scale (at least 3; small scales shorten the span instead).
 */
export function createDataset(
  host: string,
  scale: number,
  lastDay: string,
  domain: string,
): Dataset {
  const target = Math.max(1, scale);
  const userCount = Math.max(3, Math.round(target / (365 * ROWS_PER_USER_DAY)));
  const days = Math.min(365, Math.max(1, Math.round(target / (userCount * ROWS_PER_USER_DAY))));
  const users: User[] = [];
  for (let i = 0; i < userCount; i++) users.push(createUser(host, i, domain));
  return { host, users, firstDay: addDays(lastDay, -(days - 1)), lastDay };
}

function createUser(host: string, index: number, domain: string): User {
  const r = prng(hash32(`${host}|user|${index}`));
  const texture = TEXTURE_USERS[index];
  let username: string;
  let email: string;
  if (texture) {
    username = texture.username;
    email = texture.email.replace('{domain}', domain);
  } else {
    username = `${NAMES[index % NAMES.length]}.${index}`;
    email = index % 11 === 0 ? '' : `${username}@${domain}`;
    if (index % 11 === 0) username = '';
  }
  const pairs: User['pairs'] = [];
  const ideCount = 1 + Math.floor(r() * 2);
  for (let i = 0; i < ideCount; i++) {
    // Most users are on the first IDE clients; the first users cover every client, so each
    // instance's report has them all (whatever its host name seeds).
    const picked = at(IDE_CLIENTS, r() * r());
    const client = i === 0 && index < IDE_CLIENTS.length ? IDE_CLIENTS[index]! : picked;
    const langs = 1 + Math.floor(r() * 3);
    for (let j = 0; j < langs; j++) {
      const language = at(LANGUAGES, r());
      if (!pairs.some((p) => p.client === client && p.language === language)) {
        pairs.push({ client, language });
      }
    }
  }
  const web = at(WEB_CLIENTS, r());
  pairs.push({ client: index < WEB_CLIENTS.length ? WEB_CLIENTS[index]! : web, language: '' });
  return {
    id: index + 1,
    seed: hash32(`${host}|${index + 1}`),
    email,
    username,
    active: r() < 0.9,
    activity: 0.35 + r() * 0.5,
    pairs,
  };
}

/** The entry of a non-empty list at fraction `f` (0 ≤ f < 1) of its length. */
function at<T>(list: readonly T[], f: number): T {
  const v = list[Math.floor(f * list.length)];
  if (v === undefined) throw new Error('Sandbox data: picked from an empty list.');
  return v;
}

/** Poisson-ish small integer with the given mean. */
function count(r: () => number, mean: number): number {
  return Math.floor(r() * r() * mean * 4);
}

/**
 * The activity records of one user on one day (empty when the user was idle). `dayNumber` is days
 * since 1970-01-01, so the seed (instance, user, day) does not depend on the report's range.
 */
export function userDay(user: User, dayNumber: number): Activity[] {
  const r = prng(mix32(user.seed ^ Math.imul(dayNumber + 1, 0x85ebca77)));
  const weekday = (dayNumber + 4) % 7; // 1970-01-01 was a Thursday
  const weekend = weekday === 0 || weekday === 6;
  if (r() >= user.activity * (weekend ? 0.3 : 1.15)) return [];
  const out: Activity[] = [];
  const wanted = 1 + Math.floor(r() * 2.2);
  for (let k = 0; k < wanted && k < user.pairs.length; k++) {
    const pair = at(user.pairs, r());
    if (out.some((a) => a.client === pair.client && a.language === pair.language)) continue;
    const ide = !pair.client.startsWith('server.');
    const m = new Array<number>(METRIC_COUNT).fill(0);
    if (ide) {
      const sug = count(r, 60);
      const acc = Math.floor(sug * (0.15 + r() * 0.35));
      m[M.chatEvents] = count(r, 6);
      m[M.commandEvents] = count(r, 2);
      m[M.completionSuggestions] = sug;
      m[M.completionAcceptances] = acc;
      const suggestedChars = sug * (20 + Math.floor(r() * 60));
      const acceptedChars = Math.floor(
        suggestedChars * (acc / Math.max(1, sug)) * (0.8 + r() * 0.4),
      );
      const charsByCody = acceptedChars + count(r, 200);
      m[M.suggestedChars] = suggestedChars;
      m[M.acceptedChars] = acceptedChars;
      m[M.charsByCody] = charsByCody;
      m[M.charsWritten] = charsByCody + count(r, 2500);
      const autoEditSuggested = count(r, 8);
      m[M.autoEditSuggested] = autoEditSuggested;
      m[M.autoEditAccepted] = Math.floor(autoEditSuggested * r());
      m[M.linesChatCommand] = count(r, 12);
      m[M.linesCompletionAutoEdit] = count(r, 25);
    } else {
      m[M.searches] = count(r, 10);
      m[M.codeNav] = count(r, 8);
      m[M.insightViews] = r() < 0.2 ? count(r, 3) : 0;
      m[M.chatEvents] = r() < 0.3 ? count(r, 4) : 0;
    }
    const blank = r() < 0.004;
    if (blank) m.fill(0);
    out.push({ client: pair.client, language: pair.language, m, blank, ide });
  }
  return out;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  return daysBetween('1970-01-01', date);
}
