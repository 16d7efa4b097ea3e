/**
 * Resolvers for the sandbox's own schema slice (schema.graphql). graphql-js's default field
 * resolver reads properties and calls methods with (args, context), so each type is a plain
 * object whose computed fields are methods.
 */
import { GraphQLError, type GraphQLResolveInfo } from 'graphql';
import {
  COMMITS_PER_REPO,
  FILES_PER_REPO,
  REPOS,
  USERS,
  fileByPath,
  filePath,
  generateCommit,
  repoByName,
  userByName,
  type CommitRecord,
  type FileRecord,
  type RepoRecord,
  type UserRecord,
} from './data.ts';
import { runSearch, type SearchItem } from './search.ts';
import { inUsernameOrder } from './user-population.ts';
import { fastResults, type Splice } from './fast-results.ts';
import type { Tracer } from './tracing.ts';
import { featureFlagRootFields, searchDebugAlert } from './feature-flags.ts';
import {
  adminQueryFields,
  adminRepoFields,
  adminSiteFields,
  adminUserFields,
  filterRepos,
} from './admin-resolvers.ts';

export interface RequestContext {
  /** The authenticated user, or null for an anonymous request (public mode). */
  viewer: UserRecord | null;
  baseUrl: string;
  /** The site configuration text (JSONC) served as `effectiveContents`. */
  siteConfigText: string;
  /** Big search results serialized by the fast path, spliced into the response afterwards. */
  splices?: Splice[];
  /** Per-request overrides from `X-Sourcegraph-Override-Feature` (feature-flags.ts). */
  featureFlags?: ReadonlyMap<string, boolean>;
  /** Set when the request asked to be traced (tracing.ts). */
  tracer?: Tracer;
}

type Args = Record<string, unknown>;

function toId(kind: string, key: string | number): string {
  return Buffer.from(`${kind}:${key}`).toString('base64');
}

function fromId(id: string): [string, string] | null {
  const text = Buffer.from(id, 'base64').toString('utf8');
  const i = text.indexOf(':');
  return i > 0 ? [text.slice(0, i), text.slice(i + 1)] : null;
}

function cursor(n: number): string {
  return Buffer.from(`cursor:${n}`).toString('base64');
}

function offsetFrom(after: unknown): number {
  if (typeof after !== 'string' || after === '') return 0;
  const m = /^cursor:(\d+)$/.exec(Buffer.from(after, 'base64').toString('utf8'));
  if (!m) throw new GraphQLError(`invalid cursor ${JSON.stringify(after)}`);
  return Number(m[1]);
}

function page<T>(all: readonly T[], first: unknown, after: unknown, wrap: (t: T) => unknown) {
  const start = offsetFrom(after);
  const size = typeof first === 'number' ? Math.max(0, first) : all.length;
  const slice = all.slice(start, start + size);
  const end = start + slice.length;
  return {
    nodes: slice.map(wrap),
    totalCount: all.length,
    pageInfo: { endCursor: slice.length ? cursor(end) : null, hasNextPage: end < all.length },
  };
}

function userObject(u: UserRecord, ctx?: RequestContext): Record<string, unknown> {
  return {
    __typename: 'User',
    id: toId('User', u.index + 1),
    username: u.username,
    displayName: u.displayName,
    avatarURL: `https://avatars.example.com/${u.index}.png`,
    url: `/users/${encodeURIComponent(u.username)}`,
    settingsURL: `/users/${encodeURIComponent(u.username)}/settings`,
    createdAt: u.createdAt,
    siteAdmin: u.siteAdmin,
    builtinAuth: true,
    emails: (_a: Args, c: RequestContext) => {
      const viewer = (c ?? ctx)?.viewer;
      if (!viewer || (viewer.index !== u.index && !viewer.siteAdmin))
        throw new GraphQLError('must be authenticated as the authorized user or site admin');
      return [{ email: u.email, isPrimary: true, verified: true }];
    },
    ...adminUserFields(u, (m) => userObject(m)),
  };
}

function repoObject(r: RepoRecord) {
  return {
    __typename: 'Repository',
    id: toId('Repository', r.index + 1),
    name: r.name,
    uri: r.name,
    description: r.description,
    language: r.language,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    url: `/${r.name}`,
    isFork: r.isFork,
    isArchived: r.isArchived,
    isPrivate: r.isPrivate,
    stars: r.stars,
    defaultBranch: () => ({
      name: 'refs/heads/main',
      abbrevName: 'main',
      displayName: 'main',
      target: {
        oid: r.headOid,
        abbreviatedOID: r.headOid.slice(0, 7),
        commit: () => commitObject(generateCommit(r, 0)),
      },
    }),
    commit: (a: Args) => {
      const rev = String(a.rev);
      if (rev === 'HEAD' || rev === 'main' || rev === r.headOid)
        return commitObject(generateCommit(r, 0));
      for (let i = 1; i < COMMITS_PER_REPO; i++) {
        const c = generateCommit(r, i);
        if (c.oid === rev || (rev.length >= 7 && c.oid.startsWith(rev))) return commitObject(c);
      }
      return null;
    },
    ...adminRepoFields(r),
  };
}

function signature(c: CommitRecord) {
  const u = USERS[c.authorIndex];
  if (!u) throw new Error(`Sandbox data: commit author ${c.authorIndex} does not exist.`);
  return {
    person: {
      name: u.displayName,
      email: u.email,
      displayName: u.displayName,
      avatarURL: null,
      user: () => userObject(u),
    },
    date: c.date,
  };
}

function commitObject(c: CommitRecord): Record<string, unknown> {
  const [subject, ...rest] = c.message.split('\n');
  return {
    __typename: 'GitCommit',
    id: toId('GitCommit', `${c.repo.index}:${c.index}`),
    repository: () => repoObject(c.repo),
    oid: c.oid,
    abbreviatedOID: c.oid.slice(0, 7),
    author: () => signature(c),
    committer: () => signature(c),
    message: c.message,
    subject,
    body: rest.join('\n').trim() || null,
    url: `/${c.repo.name}/-/commit/${c.oid}`,
    ancestors: (a: Args) => {
      const all: number[] = [];
      for (let i = c.index; i < COMMITS_PER_REPO; i++) all.push(i);
      const q = typeof a.query === 'string' ? a.query.toLowerCase() : '';
      const list = q
        ? all.filter((i) => generateCommit(c.repo, i).message.toLowerCase().includes(q))
        : all;
      const p = page(list, a.first, a.after, (i) => commitObject(generateCommit(c.repo, i)));
      return p;
    },
    blob: (a: Args) => {
      const f = fileByPath(c.repo, String(a.path));
      return f ? blobObject(f, c) : null;
    },
    fileNames: () => Array.from({ length: FILES_PER_REPO }, (_, i) => filePath(c.repo, i)),
  };
}

/** A file; a class so that the 60,000 of a big search share their methods. */
class BlobNode {
  readonly isDirectory = false;
  readonly binary = false;
  constructor(
    private f: FileRecord,
    private c?: CommitRecord,
  ) {}
  get path() {
    return this.f.path;
  }
  get name() {
    return this.f.path.slice(this.f.path.lastIndexOf('/') + 1);
  }
  get content() {
    return this.f.content;
  }
  get byteSize() {
    return Buffer.byteLength(this.f.content);
  }
  get url() {
    return `/${this.f.repo.name}/-/blob/${this.f.path}`;
  }
  repository() {
    return repoObject(this.f.repo);
  }
  commit() {
    return commitObject(this.c ?? generateCommit(this.f.repo, 0));
  }
}

function blobObject(f: FileRecord, c?: CommitRecord) {
  return new BlobNode(f, c);
}

class FileMatchNode {
  readonly __typename = 'FileMatch';
  readonly revSpec = null;
  readonly limitHit = false;
  constructor(private item: Extract<SearchItem, { kind: 'file' }>) {}
  file() {
    return new BlobNode(this.item.file);
  }
  repository() {
    return repoObject(this.item.file.repo);
  }
  get lineMatches() {
    return this.item.lineMatches;
  }
}

function searchItemObject(item: SearchItem) {
  if (item.kind === 'repo') return repoObject(item.repo);
  if (item.kind === 'commit') {
    const c = item.commit;
    return {
      __typename: 'CommitSearchResult',
      label: { text: `${c.repo.name} › ${c.message.split('\n')[0]}`, html: '' },
      url: `/${c.repo.name}/-/commit/${c.oid}`,
      commit: () => commitObject(c),
      messagePreview: {
        value: c.message,
        highlights: item.ranges.map(([character, length]) => ({ line: 0, character, length })),
      },
    };
  }
  return new FileMatchNode(item);
}

/**
 * The last search, held weakly: repeating a big search (benchmarks) skips regenerating it while
 * the result is still in memory, but a 50 MB result never pins the heap for the life of the
 * process.
 */
let lastSearch: { key: string; outcome: WeakRef<ReturnType<typeof runSearch>> } | undefined;

/** What a search's outcome depends on: its query, pattern type and version. */
function searchKey(query: string, patternType: string | null, version: string): string {
  return JSON.stringify([query, patternType, version]);
}

function cachedSearch(query: string, patternType: string | null, version: string) {
  const key = searchKey(query, patternType, version);
  const kept = lastSearch?.key === key ? lastSearch.outcome.deref() : undefined;
  if (kept) return kept;
  const outcome = runSearch(query, patternType, version);
  lastSearch = { key, outcome: new WeakRef(outcome) };
  return outcome;
}

function searchObject(a: Args) {
  let outcome: ReturnType<typeof runSearch> | undefined;
  const query = String(a.query ?? '');
  const patternType = typeof a.patternType === 'string' ? a.patternType : null;
  const version = String(a.version ?? 'V1');
  const run = () => (outcome ??= cachedSearch(query, patternType, version));
  const approx = () => `${run().matchCount}${run().limitHit ? '+' : ''}`;
  const repos = () => {
    const seen = new Map<number, RepoRecord>();
    for (const it of run().items) {
      const r = it.kind === 'repo' ? it.repo : it.kind === 'commit' ? it.commit.repo : it.file.repo;
      seen.set(r.index, r);
    }
    return [...seen.values()];
  };
  const sparkline = () => Array.from({ length: 30 }, (_, i) => (run().matchCount * (i + 1)) % 17);
  const results = {
    results: (_a: Args, ctx: RequestContext, info: GraphQLResolveInfo) => {
      const splice = ctx.splices
        ? fastResults(searchKey(query, patternType, version), () => run().items, info)
        : null;
      if (!splice) return run().items.map(searchItemObject);
      ctx.splices?.push(splice);
      return [];
    },
    matchCount: () => run().matchCount,
    resultCount: () => run().matchCount,
    approximateResultCount: approx,
    limitHit: () => run().limitHit,
    sparkline,
    repositories: () => repos().map(repoObject),
    repositoriesCount: () => repos().length,
    cloning: [],
    missing: [],
    timedout: [],
    indexUnavailable: false,
    alert: (_a: Args, ctx: RequestContext) =>
      run().alert ?? searchDebugAlert(ctx, String(a.query ?? ''), run()),
    elapsedMilliseconds: () => run().elapsedMilliseconds,
    dynamicFilters: () => {
      const byLang = new Map<string, number>();
      for (const r of repos()) byLang.set(r.language, (byLang.get(r.language) ?? 0) + 1);
      return [...byLang].map(([lang, count]) => ({
        value: `lang:${lang.toLowerCase()}`,
        label: lang,
        count,
        limitHit: run().limitHit,
        kind: 'lang',
      }));
    },
  };
  return {
    results,
    stats: () => ({
      approximateResultCount: approx(),
      sparkline: sparkline(),
      languages: () => {
        const byLang = new Map<string, { bytes: number; lines: number }>();
        for (const it of run().items) {
          if (it.kind !== 'file') continue;
          const s = byLang.get(it.file.repo.language) ?? { bytes: 0, lines: 0 };
          s.bytes += it.file.content.length;
          s.lines += it.file.content.split('\n').length - 1;
          byLang.set(it.file.repo.language, s);
        }
        return [...byLang].map(([name, s]) => ({ name, totalBytes: s.bytes, totalLines: s.lines }));
      },
    }),
  };
}

function containsCI(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase());
}

function userFromId(id: unknown, ctx: RequestContext): UserRecord {
  const parsed = typeof id === 'string' ? fromId(id) : null;
  const u = parsed && parsed[0] === 'User' ? USERS[Number(parsed[1]) - 1] : undefined;
  if (!u) throw new GraphQLError(`user not found: ${String(id)}`);
  const viewer = ctx.viewer;
  if (!viewer) throw new GraphQLError('not authenticated');
  return u;
}

/** The root value: Query and Mutation fields together (graphql-js picks by operation type). */
export function createRootValue(): Record<string, unknown> {
  return {
    currentUser: (_a: Args, ctx: RequestContext) => (ctx.viewer ? userObject(ctx.viewer) : null),
    user: (a: Args, ctx: RequestContext) => {
      if (typeof a.username === 'string') {
        const u = userByName(a.username);
        return u ? userObject(u) : null;
      }
      if (typeof a.email === 'string') {
        if (!ctx.viewer?.siteAdmin) throw new GraphQLError('must be site admin');
        const u = USERS.find((x) => x.email === a.email);
        return u ? userObject(u) : null;
      }
      throw new GraphQLError('exactly one of username or email must be specified');
    },
    users: (a: Args) => {
      const q = typeof a.query === 'string' ? a.query : '';
      const list = q
        ? USERS.filter((u) => containsCI(u.username, q) || containsCI(u.displayName, q))
        : USERS;
      return page(inUsernameOrder(list), a.first, a.after, (u) => userObject(u));
    },
    search: (a: Args) => searchObject(a),
    ...featureFlagRootFields,
    repositories: (a: Args) => {
      const q = typeof a.query === 'string' ? a.query : '';
      const list = filterRepos(q ? REPOS.filter((r) => containsCI(r.name, q)) : REPOS, a);
      const key = a.orderBy === 'REPO_CREATED_AT' ? 'createdAt' : 'name';
      list.sort((x, y) => (x[key] < y[key] ? -1 : x[key] > y[key] ? 1 : 0));
      if (a.descending === true) list.reverse();
      const p = page(list, a.first, a.after, repoObject);
      return { ...p, totalCount: () => p.totalCount };
    },
    repository: (a: Args) => {
      const r = typeof a.name === 'string' ? repoByName(a.name) : undefined;
      return r ? repoObject(r) : null;
    },
    site: (_a: Args, ctx: RequestContext) => ({
      id: toId('Site', 'sandbox'),
      siteID: '6f1c3b5e-sandbox-0000-0000-000000000001',
      productVersion: '5.6.0-sandbox',
      buildVersion: '5.6.0-sandbox',
      configuration: () => {
        if (!ctx.viewer?.siteAdmin) throw new GraphQLError('must be site admin');
        return { id: 1, effectiveContents: ctx.siteConfigText, validationMessages: [] };
      },
      ...adminSiteFields(ctx),
    }),
    ...adminQueryFields((u) => userObject(u)),
    node: (a: Args) => {
      const parsed = typeof a.id === 'string' ? fromId(a.id) : null;
      if (!parsed) return null;
      const [kind, key] = parsed;
      if (kind === 'User') {
        const u = USERS[Number(key) - 1];
        return u ? userObject(u) : null;
      }
      if (kind === 'Repository') {
        const r = REPOS[Number(key) - 1];
        return r ? repoObject(r) : null;
      }
      if (kind === 'GitCommit') {
        const [ri = NaN, ci = NaN] = key.split(':').map(Number);
        const r = REPOS[ri];
        return r && ci >= 0 && ci < COMMITS_PER_REPO ? commitObject(generateCommit(r, ci)) : null;
      }
      return null;
    },
    updateUser: (a: Args, ctx: RequestContext) => {
      const u = userFromId(a.user, ctx);
      if (ctx.viewer && ctx.viewer.index !== u.index && !ctx.viewer.siteAdmin)
        throw new GraphQLError('must be authenticated as the authorized user or site admin');
      const next: UserRecord = { ...u };
      if (typeof a.username === 'string') next.username = a.username;
      if (typeof a.displayName === 'string') next.displayName = a.displayName;
      return {
        ...userObject(next),
        ...(typeof a.avatarURL === 'string' ? { avatarURL: a.avatarURL } : {}),
      };
    },
    createSavedSearch: (a: Args, ctx: RequestContext) => {
      const input = a.input as { owner: string; description: string; query: string };
      const owner = userFromId(input.owner, ctx);
      return {
        id: toId('SavedSearch', Date.now()),
        description: input.description,
        query: input.query,
        owner: userObject(owner),
        createdAt: new Date().toISOString(),
      };
    },
  };
}
