/**
 * The GraphQL the seat view sends, and what it reads from the answers. Instances differ in what
 * their schema has (`usageStatistics`, `users(after:)`, the licence's fields came and went across
 * versions), so each optional field or argument is left out once the instance says it does not
 * know it (`Cannot query field "x"`, `Unknown argument "x"`, graphql-js's and graph-gophers'
 * words alike), and the query is sent again without it. Pure.
 */
import { databaseIdOf } from './match-users.ts';

/** Fields and arguments an instance may lack; the rest are required. */
export const OPTIONAL = [
  'productSubscription',
  'productNameWithBrand',
  'actualUserCount',
  'maximumAllowedUserCount',
  'license',
  'expiresAt',
  'totalCount',
  'pageInfo',
  'after',
  'displayName',
  'createdAt',
  'emails',
  'usageStatistics',
  'lastActiveTime',
] as const;
export type Optional = (typeof OPTIONAL)[number];

/** Listing users needs a site admin: the instance's words (`must be site admin` since 3.28). */
export const NOT_ADMIN = /must be (authenticated as the authorized user or )?site admin/i;

/** Users per request. */
export const PAGE_SIZE = 200;
/** Without `after` (old instances), the one request asks for this many. */
export const UNPAGED_SIZE = 100_000;

/** `name` and its selection, unless left out (`off`) or left empty. */
function field(off: ReadonlySet<string>, name: string, ...inner: string[]): string {
  if (off.has(name)) return '';
  if (inner.length === 0) return name;
  const body = inner.filter(Boolean);
  return body.length ? `${name} { ${body.join(' ')} }` : '';
}

export function licenceQuery(off: ReadonlySet<string>): string {
  const f = (name: string, ...inner: string[]) => field(off, name, ...inner);
  const sub = f(
    'productSubscription',
    f('productNameWithBrand'),
    f('actualUserCount'),
    f('maximumAllowedUserCount'),
    f('license', 'userCount', f('expiresAt')),
  );
  return `query SeatLicence { currentUser { username siteAdmin }${sub ? ` site { ${sub} }` : ''} }`;
}

/** Pages with `after` and `pageInfo`, or one request for {@link UNPAGED_SIZE} users. */
export function paged(off: ReadonlySet<string>): boolean {
  return !off.has('after') && !off.has('pageInfo');
}

export function usersQuery(off: ReadonlySet<string>): string {
  const f = (name: string, ...inner: string[]) => field(off, name, ...inner);
  const page = paged(off);
  const nodes = [
    'id',
    'username',
    f('displayName'),
    'siteAdmin',
    f('createdAt'),
    f('emails', 'email'),
    f('usageStatistics', f('lastActiveTime')),
  ].filter(Boolean);
  const conn = [
    f('totalCount'),
    page ? 'pageInfo { hasNextPage endCursor }' : '',
    `nodes { ${nodes.join(' ')} }`,
  ];
  const vars = page ? '($first: Int, $after: String)' : '($first: Int)';
  const args = page ? '(first: $first, after: $after)' : '(first: $first)';
  return `query SeatUsers${vars} { users${args} { ${conn.filter(Boolean).join(' ')} } }`;
}

/**
 * What to leave out after errors `messages`: the optional names the instance said it lacks, or
 * null when some error is not about a missing field or argument (or none is optional).
 */
export function missingParts(messages: readonly string[]): Optional[] | null {
  const out: Optional[] = [];
  for (const m of messages) {
    const name = /^(?:Cannot query field|Unknown argument) "(\w+)"/.exec(m)?.[1];
    const known = OPTIONAL.find((o) => o === name);
    if (!known) return null;
    out.push(known);
  }
  return out.length ? out : null;
}

/** One instance user, as the seat view shows and joins them. */
export interface InstanceUser {
  username: string;
  displayName: string | null;
  emails: string[];
  siteAdmin: boolean;
  createdAt: string | null;
  /** `usageStatistics.lastActiveTime`: the instance's own last activity (any action). */
  lastActive: string | null;
  databaseId: number | null;
}

export interface Licence {
  product: string | null;
  /** Licensed seats (`license.userCount`), else the user limit without a licence; null: no limit. */
  seats: number | null;
  licensed: boolean;
  /** The most users active at once under the licence, as the instance counts them. */
  actualUserCount: number | null;
  expiresAt: string | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

export function readLicence(data: unknown): Licence | null {
  const site = obj(obj(data).site);
  if (!site.productSubscription) return null;
  const sub = obj(site.productSubscription);
  const license = sub.license ? obj(sub.license) : null;
  return {
    product: str(sub.productNameWithBrand),
    seats: num(license?.userCount) ?? num(sub.maximumAllowedUserCount),
    licensed: license !== null,
    actualUserCount: num(sub.actualUserCount),
    expiresAt: str(license?.expiresAt),
  };
}

export function readViewer(data: unknown): { username: string; siteAdmin: boolean } | null {
  const u = obj(data).currentUser;
  if (!u) return null;
  return { username: str(obj(u).username) ?? '', siteAdmin: obj(u).siteAdmin === true };
}

export interface UsersPage {
  users: InstanceUser[];
  total: number | null;
  next: string | null;
}

export function readUsersPage(data: unknown): UsersPage | null {
  const conn = obj(data).users;
  if (!conn) return null;
  const c = obj(conn);
  const nodes = Array.isArray(c.nodes) ? (c.nodes as unknown[]) : [];
  const info = obj(c.pageInfo);
  return {
    users: nodes.map((n) => {
      const u = obj(n);
      const emails = Array.isArray(u.emails) ? (u.emails as unknown[]) : [];
      return {
        username: str(u.username) ?? '',
        displayName: str(u.displayName),
        emails: emails.map((e) => str(obj(e).email)).filter((e): e is string => !!e),
        siteAdmin: u.siteAdmin === true,
        createdAt: str(u.createdAt),
        lastActive: str(obj(u.usageStatistics).lastActiveTime),
        databaseId: typeof u.id === 'string' ? databaseIdOf(u.id) : null,
      };
    }),
    total: num(c.totalCount),
    next: info.hasNextPage === true ? str(info.endCursor) : null,
  };
}
