/**
 * Reads the instance's users and licence with the console's connection (`sendGraphQL`: relay or
 * direct, the connection's auth header): first who the token is and the licence, then `users`
 * page by page (`first`/`after`, {@link PAGE_SIZE} a page), so no response is large and the page
 * parses a small answer at a time. A field or argument the instance's schema lacks is left out
 * (lib/users-query.ts). Listing users takes a site admin: a token that is not one stops at the
 * first page with the instance's own words.
 */
import {
  ConnectionError,
  sendGraphQL,
  type ConnectionSettings,
} from '../../../connection/index.ts';
import { classifyResponse } from '../../../../shared/api/classify-graphql.ts';
import { httpMeta, NetworkError } from '../../../../shared/api/http.ts';
import {
  licenceQuery,
  missingParts,
  NOT_ADMIN,
  PAGE_SIZE,
  paged,
  readLicence,
  readUsersPage,
  readViewer,
  UNPAGED_SIZE,
  usersQuery,
  type InstanceUser,
  type Licence,
} from '../lib/users-query.ts';

export interface InstanceUsers {
  viewer: string;
  licence: Licence | null;
  users: InstanceUser[];
  /** `totalCount`, when the instance has it. */
  total: number | null;
  /** Optional fields and arguments the instance does not have. */
  missing: string[];
  /** The first error the instance sent beside its data, if any. */
  warning?: string;
}

/** Why the users could not be read; `notAdmin` when the token is not a site admin's. */
export class SeatsError extends Error {
  constructor(
    message: string,
    readonly notAdmin?: { viewer: string; said: string | null },
  ) {
    super(message);
    this.name = 'SeatsError';
  }
}

interface Answer {
  data: unknown;
  errors: string[];
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

async function post(
  settings: ConnectionSettings,
  query: string,
  variables: Record<string, unknown> | undefined,
  name: string,
  signal?: AbortSignal,
): Promise<Answer> {
  let response: Response;
  try {
    ({ response } = await sendGraphQL(
      settings,
      { query, variables, operationName: name },
      { signal, requestName: name },
    ));
  } catch (err) {
    if (err instanceof ConnectionError || err instanceof NetworkError)
      throw new SeatsError(err.message);
    throw err;
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const o = obj(json);
  if (!('data' in o) && !('errors' in o)) {
    // Not GraphQL: a plain-text 401, an HTML page, a relay error, a rate limit.
    const { notice } = classifyResponse({ ...httpMeta(response), scheme: settings.scheme }, text);
    const words = notice ? [notice.title, notice.detail].filter(Boolean).join(' ') : '';
    throw new SeatsError(words || `The instance answered HTTP ${response.status}.`);
  }
  const errors = Array.isArray(o.errors)
    ? o.errors.map((e) => {
        const m = obj(e).message;
        return typeof m === 'string' ? m : JSON.stringify(e);
      })
    : [];
  return { data: o.data, errors };
}

/** Sends `build(off)`, leaving out what the instance says it lacks, until it answers. */
async function ask(
  settings: ConnectionSettings,
  build: (off: ReadonlySet<string>) => string,
  variables: (off: ReadonlySet<string>) => Record<string, unknown> | undefined,
  name: string,
  off: Set<string>,
  signal?: AbortSignal,
): Promise<Answer> {
  for (;;) {
    const a = await post(settings, build(off), variables(off), name, signal);
    const failed = a.data === undefined || a.data === null;
    if (!failed || a.errors.some((m) => NOT_ADMIN.test(m))) return a;
    const drop = missingParts(a.errors)?.filter((d) => !off.has(d));
    if (!drop?.length)
      throw new SeatsError(`The instance answered: ${a.errors[0] ?? 'no data and no error'}`);
    for (const d of drop) off.add(d);
  }
}

export interface FetchOptions {
  signal?: AbortSignal;
  /** Users read so far, and how many there are (when the instance says). */
  onProgress?(read: number, total: number | null): void;
}

export async function fetchInstanceUsers(
  settings: ConnectionSettings,
  { signal, onProgress }: FetchOptions = {},
): Promise<InstanceUsers> {
  const off = new Set<string>();
  const head = await ask(settings, licenceQuery, () => undefined, 'SeatLicence', off, signal);
  const viewer = readViewer(head.data);
  const out: InstanceUsers = {
    viewer: viewer?.username ?? '',
    licence: readLicence(head.data),
    users: [],
    total: null,
    missing: [],
  };
  let after: string | null = null;
  for (;;) {
    const a = await ask(
      settings,
      usersQuery,
      (o) => (paged(o) ? { first: PAGE_SIZE, after } : { first: UNPAGED_SIZE }),
      'SeatUsers',
      off,
      signal,
    );
    const said = a.errors.find((m) => NOT_ADMIN.test(m)) ?? null;
    if (said !== null || viewer?.siteAdmin !== true)
      throw new SeatsError('The token is not a site admin’s.', { viewer: out.viewer, said });
    const page = readUsersPage(a.data);
    if (!page) throw new SeatsError(`The instance answered: ${a.errors[0] ?? 'no users'}`);
    out.warning ??= a.errors[0];
    out.users.push(...page.users);
    out.total = page.total ?? out.total;
    onProgress?.(out.users.length, out.total);
    // A cursor that does not move, or an empty page, ends the list (never a loop).
    if (!paged(off) || !page.next || page.next === after || page.users.length === 0) break;
    after = page.next;
  }
  out.missing = [...off];
  return out;
}
