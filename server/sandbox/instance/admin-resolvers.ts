/**
 * Resolvers of the "Admin diagnostics" block of schema.graphql, merged into the objects of
 * resolvers.ts. Site-admin-only fields fail for others with the real instance's error texts.
 */
import { GraphQLError } from 'graphql';
import {
  ACCESS_TOKENS,
  AUTH_PROVIDERS,
  EXTERNAL_SERVICES,
  MONITORING_ALERTS,
  ORGS,
  OUT_OF_BAND_MIGRATIONS,
  orgMembers,
  repoStatus,
  serviceRepos,
  usageStatistics,
  userOrgs,
  userUsage,
  type ExternalServiceRecord,
} from './admin-data.ts';
import { REPOS, type RepoRecord, type UserRecord } from './data.ts';
import { licence } from '../seat-users.ts';

type Args = Record<string, unknown>;

interface Viewer {
  viewer: UserRecord | null;
}

const MUST_BE_ADMIN = 'must be site admin';
const MUST_BE_SELF_OR_ADMIN = 'must be authenticated as the authorized user or site admin';

function requireAdmin(ctx: Viewer): void {
  if (!ctx.viewer?.siteAdmin) throw new GraphQLError(MUST_BE_ADMIN);
}

function requireSelfOrAdmin(ctx: Viewer, u: UserRecord): void {
  if (!ctx.viewer || (ctx.viewer.index !== u.index && !ctx.viewer.siteAdmin))
    throw new GraphQLError(MUST_BE_SELF_OR_ADMIN);
}

function id(kind: string, key: string | number): string {
  return Buffer.from(`${kind}:${key}`).toString('base64');
}

/** `first` of a connection: all when absent, as the real resolvers (bounded by the data). */
function firstN<T>(all: readonly T[], first: unknown): T[] {
  return typeof first === 'number' ? all.slice(0, Math.max(0, first)) : [...all];
}

function connection<T>(all: readonly T[], first: unknown, wrap: (t: T) => unknown) {
  const nodes = firstN(all, first);
  return {
    nodes: nodes.map(wrap),
    totalCount: all.length,
    pageInfo: { endCursor: null, hasNextPage: nodes.length < all.length },
  };
}

/** Applies the `cloned`/`notCloned`/`indexed`/`notIndexed`/`failedFetch` arguments. */
export function filterRepos(list: readonly RepoRecord[], a: Args): RepoRecord[] {
  const want = (v: unknown, dflt: boolean) => (typeof v === 'boolean' ? v : dflt);
  const cloned = want(a.cloned, true);
  const notCloned = want(a.notCloned, true);
  const indexed = want(a.indexed, true);
  const notIndexed = want(a.notIndexed, true);
  const failedFetch = want(a.failedFetch, false);
  return list.filter((r) => {
    const s = repoStatus(r);
    if (s.cloned ? !cloned : !notCloned) return false;
    if (s.indexed ? !indexed : !notIndexed) return false;
    return !failedFetch || s.failedFetch;
  });
}

/** Fields added to every Repository object. */
export function adminRepoFields(r: RepoRecord) {
  const s = repoStatus(r);
  const service = EXTERNAL_SERVICES.find((e) => r.name.startsWith(e.prefix));
  return {
    mirrorInfo: () => ({
      remoteURL: `${service?.url ?? 'https://github.com'}/${r.name.split('/').slice(1).join('/')}`,
      cloneInProgress: s.cloneInProgress,
      cloneProgress: s.cloneProgress,
      cloned: s.cloned,
      updatedAt: s.cloned ? r.updatedAt : null,
      updateSchedule: s.cloned
        ? {
            intervalSeconds: 3600,
            due: '2026-01-05T09:00:00Z',
            index: r.index,
            total: REPOS.length,
          }
        : null,
      updateQueue: s.cloned
        ? null
        : { index: r.index % 10, updating: s.cloneInProgress, total: 10 },
    }),
    textSearchIndex: () =>
      s.indexed
        ? {
            repository: () => ({ name: r.name }),
            status: {
              updatedAt: r.updatedAt,
              contentByteSize: String(Math.round(s.gitDirBytes / 3)),
              contentFilesCount: 200,
              indexByteSize: Math.round(s.gitDirBytes / 5),
              indexShardsCount: 1 + (s.indexedLines > 1_000_000 ? 1 : 0),
              newLinesCount: s.indexedLines,
              defaultBranchNewLinesCount: s.indexedLines,
              otherBranchesNewLinesCount: 0,
            },
            refs: [],
          }
        : null,
  };
}

/** Fields added to every User object; `wrapOrgMember` builds the User objects of members. */
export function adminUserFields(u: UserRecord, wrapUser: (u: UserRecord) => unknown) {
  return {
    organizations: () => {
      const list = userOrgs(u);
      return { nodes: list.map((o) => orgObject(o, wrapUser)), totalCount: list.length };
    },
    usageStatistics: (_a: Args, ctx: Viewer) => {
      requireSelfOrAdmin(ctx, u);
      return userUsage(u);
    },
    accessTokens: (a: Args, ctx: Viewer) => {
      requireSelfOrAdmin(ctx, u);
      const list = ACCESS_TOKENS.filter((t) => t.username === u.username);
      return connection(list, a.first, (t) => ({
        id: id('AccessToken', t.id),
        subject: () => wrapUser(u),
        scopes: t.scopes,
        note: t.note,
        creator: () => wrapUser(u),
        createdAt: t.createdAt,
        lastUsedAt: t.lastUsedAt,
      }));
    },
  };
}

function orgObject(o: (typeof ORGS)[number], wrapUser: (u: UserRecord) => unknown) {
  return {
    id: id('Org', o.index + 1),
    name: o.name,
    displayName: o.displayName,
    createdAt: o.createdAt,
    url: `/organizations/${o.name}`,
    members: () => connection(orgMembers(o), undefined, wrapUser),
  };
}

function serviceObject(s: ExternalServiceRecord) {
  return {
    id: id('ExternalService', s.index + 1),
    kind: s.kind,
    displayName: s.displayName,
    // The real API redacts secrets in the configuration.
    config: JSON.stringify({ url: s.url, token: 'REDACTED' }, null, 2),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    repoCount: serviceRepos(s).length,
    webhookURL: null,
    warning: s.warning,
    lastSyncError: s.lastSyncError,
    lastSyncAt: s.lastSyncAt,
    nextSyncAt: s.nextSyncAt,
    grantedScopes: s.kind === 'GITHUB' ? ['read:org', 'repo'] : null,
  };
}

/** Fields added to the Site object. */
export function adminSiteFields(ctx: Viewer) {
  return {
    updateCheck: () => {
      requireAdmin(ctx);
      return {
        pending: false,
        checkedAt: '2026-01-05T06:00:00Z',
        errorMessage: null,
        updateVersionAvailable: '5.7.0',
      };
    },
    needsRepositoryConfiguration: false,
    freeUsersExceeded: false,
    alerts: () =>
      ctx.viewer?.siteAdmin
        ? [
            {
              type: 'WARNING',
              message:
                'A new version is available: 5.7.0. [Update now](https://sourcegraph.com/docs/admin/updates).',
              isDismissibleWithKey: 'update-available-5.7.0',
            },
            {
              type: 'ERROR',
              message:
                'GitLab (gitlab.com): sync failed, see the code host connection for details.',
              isDismissibleWithKey: null,
            },
          ]
        : [],
    productSubscription: licence,
    usageStatistics: (a: Args) => {
      requireAdmin(ctx);
      const n = (v: unknown, d: number) => (typeof v === 'number' ? v : d);
      return usageStatistics(n(a.days, 14), n(a.weeks, 4), n(a.months, 3));
    },
    monitoringStatistics: () => {
      requireAdmin(ctx);
      return { alerts: MONITORING_ALERTS };
    },
    authProviders: () => ({
      nodes: AUTH_PROVIDERS,
      totalCount: AUTH_PROVIDERS.length,
      pageInfo: { endCursor: null, hasNextPage: false },
    }),
  };
}

/** Query fields of the block. */
export function adminQueryFields(wrapUser: (u: UserRecord) => unknown) {
  return {
    organizations: (a: Args, ctx: Viewer) => {
      requireAdmin(ctx);
      const q = typeof a.query === 'string' ? a.query.toLowerCase() : '';
      const list = ORGS.filter(
        (o) => !q || o.name.includes(q) || o.displayName.toLowerCase().includes(q),
      );
      const nodes = firstN(list, a.first);
      return { nodes: nodes.map((o) => orgObject(o, wrapUser)), totalCount: list.length };
    },
    repositoryStats: (_a: Args, ctx: Viewer) => {
      requireAdmin(ctx);
      let git = 0;
      let lines = 0;
      for (const r of REPOS) {
        const s = repoStatus(r);
        git += s.gitDirBytes;
        lines += s.indexed ? s.indexedLines : 0;
      }
      // BigInt is serialized as a string, as on the real instance.
      return { gitDirBytes: String(git), indexedLinesCount: String(lines) };
    },
    externalServices: (a: Args, ctx: Viewer) => {
      requireAdmin(ctx);
      return connection(EXTERNAL_SERVICES, a.first, serviceObject);
    },
    statusMessages: (_a: Args, ctx: Viewer) => {
      requireAdmin(ctx);
      const statuses = REPOS.map(repoStatus);
      const notCloned = statuses.filter((s) => !s.cloned).length;
      const notIndexed = statuses.filter((s) => s.cloned && !s.indexed).length;
      const failed = statuses.filter((s) => s.failedFetch).length;
      return [
        {
          __typename: 'CloningProgress',
          message: `${notCloned} repositories enqueued for cloning...`,
        },
        { __typename: 'IndexingProgress', message: `${notIndexed} repositories not yet indexed` },
        {
          __typename: 'SyncError',
          message: `${failed} repositories could not be fetched from the code host`,
        },
        ...EXTERNAL_SERVICES.filter((s) => s.lastSyncError).map((s) => ({
          __typename: 'ExternalServiceSyncError',
          message: s.lastSyncError,
          externalService: serviceObject(s),
        })),
      ];
    },
    outOfBandMigrations: (_a: Args, ctx: Viewer) => {
      requireAdmin(ctx);
      return OUT_OF_BAND_MIGRATIONS.map((m) => ({ ...m, id: id('OutOfBandMigration', m.id) }));
    },
  };
}
