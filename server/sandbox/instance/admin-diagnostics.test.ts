import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestInstance, type TestInstance } from './instance.test-helpers.ts';

interface Body {
  data?: Record<string, unknown> | null;
  errors?: { message: string; path?: (string | number)[] }[];
}

describe('sandbox: admin diagnostics fields', () => {
  let inst: TestInstance;
  beforeAll(async () => {
    inst = await startTestInstance();
  });
  afterAll(() => inst.close());

  async function run(query: string, as: 'admin' | 'user'): Promise<Body> {
    const r = await inst.gql(query, { headers: { Authorization: `token ${inst.tokens[as]}` } });
    expect(r.status).toBe(200);
    return JSON.parse(r.text) as Body;
  }

  it.each([
    ['{ repositoryStats { gitDirBytes } }', ['repositoryStats']],
    ['{ externalServices { totalCount } }', ['externalServices']],
    ['{ organizations { totalCount } }', ['organizations']],
    ['{ statusMessages { __typename } }', ['statusMessages']],
    ['{ outOfBandMigrations { id } }', ['outOfBandMigrations']],
    ['{ site { updateCheck { pending } } }', ['site', 'updateCheck']],
    ['{ site { usageStatistics { daus { userCount } } } }', ['site', 'usageStatistics']],
    ['{ site { monitoringStatistics { alerts { name } } } }', ['site', 'monitoringStatistics']],
  ])('%s: "must be site admin" for a non-admin, data for the admin', async (q, path) => {
    const user = await run(q, 'user');
    expect(user.errors).toEqual([expect.objectContaining({ message: 'must be site admin', path })]);
    expect(user.data).toBeNull();
    const admin = await run(q, 'admin');
    expect(admin.errors).toBeUndefined();
  });

  it("another user's activity and tokens are hidden; one's own are not", async () => {
    const other = await run('{ user(username: "bob") { accessTokens { totalCount } } }', 'user');
    expect(other.errors?.[0]?.message).toBe(
      'must be authenticated as the authorized user or site admin',
    );
    const own = await run(
      '{ currentUser { accessTokens { nodes { note scopes } } usageStatistics { searchQueries } } }',
      'user',
    );
    expect(own.errors).toBeUndefined();
    expect(own.data).toMatchObject({
      currentUser: {
        accessTokens: { nodes: [{ note: 'sandbox demo (user)', scopes: ['user:all'] }] },
      },
    });
  });

  it('repository filters: not cloned, not indexed and failed fetch partition the list', async () => {
    const b = await run(
      `{ all: repositories { totalCount(precise: true) }
         notCloned: repositories(cloned: false) { totalCount nodes { mirrorInfo { cloned } } }
         cloned: repositories(notCloned: false) { totalCount nodes { mirrorInfo { cloned } } }
         failed: repositories(failedFetch: true) { totalCount }
         notIndexed: repositories(indexed: false) { nodes { textSearchIndex { status { updatedAt } } } } }`,
      'user',
    );
    const d = b.data as Record<
      'all' | 'notCloned' | 'cloned' | 'failed' | 'notIndexed',
      {
        totalCount: number;
        nodes: { mirrorInfo?: { cloned: boolean }; textSearchIndex?: unknown }[];
      }
    >;
    expect(d.notCloned.totalCount).toBeGreaterThan(0);
    expect(d.failed.totalCount).toBeGreaterThan(0);
    expect(d.notCloned.totalCount + d.cloned.totalCount).toBe(d.all.totalCount);
    expect(d.notCloned.nodes.every((n) => n.mirrorInfo?.cloned === false)).toBe(true);
    expect(d.cloned.nodes.every((n) => n.mirrorInfo?.cloned === true)).toBe(true);
    expect(d.notIndexed.nodes.every((n) => n.textSearchIndex === null)).toBe(true);
  });

  it('status messages name the code host whose sync failed', async () => {
    const b = await run(
      '{ statusMessages { __typename ... on ExternalServiceSyncError { message externalService { kind } } } }',
      'admin',
    );
    expect(b.data?.statusMessages).toContainEqual(
      expect.objectContaining({
        __typename: 'ExternalServiceSyncError',
        externalService: { kind: 'GITLAB' },
      }),
    );
  });
});
