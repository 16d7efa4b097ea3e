/**
 * Seeded data behind the admin diagnostics part of the schema (the "Admin diagnostics" block of
 * schema.graphql): clone and index status per repository, code host connections, organizations,
 * status messages, out-of-band migrations, licence, usage and monitoring. Deterministic, derived
 * from the repositories and users in data.ts.
 */
import { REPOS, USERS, hash, type RepoRecord, type UserRecord } from './data.ts';

/** Where a repository stands on gitserver and in the search index. */
export interface RepoStatus {
  cloned: boolean;
  cloneInProgress: boolean;
  cloneProgress: string | null;
  /** The last fetch from the code host failed (the repository may still be cloned). */
  failedFetch: boolean;
  indexed: boolean;
  gitDirBytes: number;
  indexedLines: number;
}

export function repoStatus(r: RepoRecord): RepoStatus {
  const cloning = r.index % 37 === 5;
  const queued = r.index % 41 === 7;
  const cloned = !cloning && !queued;
  const h = hash(r.name);
  return {
    cloned,
    cloneInProgress: cloning,
    cloneProgress: cloning ? `Receiving objects: ${40 + (h % 55)}% (${h % 9000}/9000)` : null,
    failedFetch: cloned && r.index % 29 === 3,
    indexed: cloned && r.index % 23 !== 11,
    gitDirBytes: cloned ? 200_000 + (h % 90_000_000) : 0,
    indexedLines: cloned ? 1_000 + (h % 2_000_000) : 0,
  };
}

export interface ExternalServiceRecord {
  index: number;
  kind: 'GITHUB' | 'GITLAB' | 'BITBUCKETSERVER';
  displayName: string;
  /** Repositories whose name starts with this prefix belong to the connection. */
  prefix: string;
  url: string;
  lastSyncError: string | null;
  warning: string | null;
  createdAt: string;
  updatedAt: string;
  lastSyncAt: string | null;
  nextSyncAt: string | null;
}

export const EXTERNAL_SERVICES: readonly ExternalServiceRecord[] = [
  {
    index: 0,
    kind: 'GITHUB',
    displayName: 'GitHub (github.com)',
    prefix: 'github.com/',
    url: 'https://github.com',
    lastSyncError: null,
    warning: null,
    createdAt: '2023-02-01T09:00:00Z',
    updatedAt: '2025-11-02T10:15:00Z',
    lastSyncAt: '2026-01-05T08:00:00Z',
    nextSyncAt: '2026-01-05T09:00:00Z',
  },
  {
    index: 1,
    kind: 'GITLAB',
    displayName: 'GitLab (gitlab.com)',
    prefix: 'gitlab.com/',
    url: 'https://gitlab.com',
    lastSyncError:
      'failed to list projects: request to https://gitlab.com/api/v4/projects returned status 401: 401 Unauthorized',
    warning: null,
    createdAt: '2023-06-12T14:30:00Z',
    updatedAt: '2025-09-20T16:00:00Z',
    lastSyncAt: '2026-01-05T07:58:00Z',
    nextSyncAt: '2026-01-05T08:58:00Z',
  },
  {
    index: 2,
    kind: 'BITBUCKETSERVER',
    displayName: 'Bitbucket Server (bitbucket.example.com)',
    prefix: 'bitbucket.example.com/',
    url: 'https://bitbucket.example.com',
    lastSyncError: null,
    warning: 'the token has no repository:admin scope: permissions are not synced',
    createdAt: '2024-03-03T11:00:00Z',
    updatedAt: '2024-03-03T11:00:00Z',
    lastSyncAt: null,
    nextSyncAt: '2026-01-05T08:30:00Z',
  },
];

export function serviceRepos(s: ExternalServiceRecord): RepoRecord[] {
  return REPOS.filter((r) => r.name.startsWith(s.prefix));
}

export interface OrgRecord {
  index: number;
  name: string;
  displayName: string;
  createdAt: string;
}

export const ORGS: readonly OrgRecord[] = [
  'acme',
  'sourcegraph-demo',
  'gorilla',
  'octo-org',
  'nimbus',
  'quartz-labs',
  'tidewater',
  'hexcore',
].map((name, index) => ({
  index,
  name,
  displayName: name
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' '),
  createdAt: new Date(Date.UTC(2019, index * 2, 1 + index)).toISOString(),
}));

/** Site admins belong to every organization; other users to one (by index) or none. */
export function orgMembers(o: OrgRecord): UserRecord[] {
  return USERS.filter(
    (u) => u.siteAdmin || (u.index % 3 !== 0 && u.index % ORGS.length === o.index),
  );
}

export function userOrgs(u: UserRecord): OrgRecord[] {
  return ORGS.filter(
    (o) => u.siteAdmin || (u.index % 3 !== 0 && u.index % ORGS.length === o.index),
  );
}

export function userUsage(u: UserRecord) {
  const h = hash(u.username);
  const idle = u.index % 5 === 4;
  return {
    searchQueries: idle ? 0 : h % 900,
    pageViews: idle ? 0 : h % 4000,
    codeIntelligenceActions: idle ? 0 : h % 300,
    findReferencesActions: idle ? 0 : h % 80,
    lastActiveTime: idle
      ? null
      : new Date(Date.UTC(2026, 0, 5) - (h % 60) * 86_400_000).toISOString(),
    lastActiveCodeHostIntegrationTime: null,
  };
}

export interface AccessTokenRecord {
  id: number;
  username: string;
  note: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

/** Listed tokens (never their secrets); the demo tokens of auth.ts appear under their notes. */
export const ACCESS_TOKENS: readonly AccessTokenRecord[] = [
  {
    id: 1,
    username: 'admin',
    note: 'sandbox demo (admin, sudo)',
    scopes: ['site-admin:sudo', 'user:all'],
    createdAt: '2025-01-10T10:00:00Z',
    lastUsedAt: '2026-01-05T08:01:00Z',
  },
  {
    id: 2,
    username: 'admin',
    note: 'backup script',
    scopes: ['user:all'],
    createdAt: '2024-06-01T09:00:00Z',
    lastUsedAt: null,
  },
  {
    id: 3,
    username: 'alice',
    note: 'sandbox demo (user)',
    scopes: ['user:all'],
    createdAt: '2025-02-14T12:00:00Z',
    lastUsedAt: '2026-01-04T17:30:00Z',
  },
];

export const OUT_OF_BAND_MIGRATIONS = [
  {
    id: 1,
    team: 'code-intelligence',
    component: 'codeintel-db.lsif_data_documents',
    description: 'Populate num_diagnostics from gob-encoded payload',
    introduced: '3.25.0',
    deprecated: '3.28.0',
    progress: 1,
    created: '2021-02-10T00:00:00Z',
    lastUpdated: '2025-12-30T03:00:00Z',
    nonDestructive: true,
    applyReverse: false,
    errors: [],
  },
  {
    id: 14,
    team: 'search',
    component: 'frontend-db.external_services',
    description: 'Encrypt external service configuration',
    introduced: '3.26.0',
    deprecated: null,
    progress: 0.62,
    created: '2021-03-01T00:00:00Z',
    lastUpdated: '2026-01-05T07:45:00Z',
    nonDestructive: true,
    applyReverse: false,
    errors: [
      {
        message: 'failed to decrypt config of external service 2: key not found',
        created: '2026-01-05T07:45:00Z',
      },
    ],
  },
  {
    id: 17,
    team: 'batch-changes',
    component: 'frontend-db.changeset_specs',
    description: 'Migrate changeset specs to the new format',
    introduced: '3.34.0',
    deprecated: null,
    progress: 0.15,
    created: '2021-11-01T00:00:00Z',
    lastUpdated: '2026-01-05T06:00:00Z',
    nonDestructive: false,
    applyReverse: false,
    errors: [],
  },
];

export const MONITORING_ALERTS = [
  {
    timestamp: '2026-01-04T22:00:00Z',
    name: 'warning: frontend: 90th percentile search request duration over 5s',
    serviceName: 'frontend',
    owner: 'search',
    average: 0.25,
  },
  {
    timestamp: '2026-01-05T03:00:00Z',
    name: 'critical: gitserver: disk space remaining below 10%',
    serviceName: 'gitserver',
    owner: 'source',
    average: 1,
  },
];

export const AUTH_PROVIDERS = [
  {
    serviceType: 'builtin',
    serviceID: '',
    clientID: '',
    displayName: 'Builtin username-password authentication',
    isBuiltin: true,
    authenticationURL: null,
  },
  {
    serviceType: 'github',
    serviceID: 'https://github.com/',
    clientID: 'sandbox-oauth-client',
    displayName: 'GitHub',
    isBuiltin: false,
    authenticationURL: '/.auth/github/login?pc=https%3A%2F%2Fgithub.com%2F',
  },
];

function periods(count: number, stepDays: number, users: number) {
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(Date.UTC(2026, 0, 5) - i * stepDays * 86_400_000);
    const registered = Math.round(users * (0.35 + ((i * 7) % 10) / 40));
    const anonymous = (i * 13) % 20;
    return {
      startTime: start.toISOString(),
      userCount: registered + anonymous,
      registeredUserCount: registered,
      anonymousUserCount: anonymous,
      integrationUserCount: Math.round(registered / 4),
    };
  });
}

/** Daily, weekly and monthly active users, newest first, as the real `usageStatistics`. */
export function usageStatistics(days: number, weeks: number, months: number) {
  const clamp = (n: number) => Math.max(0, Math.min(n, 90));
  return {
    daus: periods(clamp(days), 1, USERS.length / 3),
    waus: periods(clamp(weeks), 7, USERS.length / 2),
    maus: periods(clamp(months), 30, (USERS.length * 3) / 4),
  };
}
