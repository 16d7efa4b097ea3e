import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { USERS } from './data.ts';
import { startTestInstance, type TestInstance } from './instance.test-helpers.ts';
import { DEFAULT_USERS, populateUsers } from './user-population.ts';

interface UsersPage {
  data: {
    users: {
      totalCount: number;
      nodes: { username: string; displayName: string; createdAt: string }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    };
  };
}

const PAGE = `query AllUsers($first: Int!, $after: String) {
  users(first: $first, after: $after) {
    totalCount
    nodes { username displayName createdAt }
    pageInfo { hasNextPage endCursor }
  }
}`;

describe('SANDBOX_USERS: 10,000 users', () => {
  let inst: TestInstance;
  const seeded = JSON.stringify(USERS);
  beforeAll(async () => {
    vi.stubEnv(
      'SANDBOX_FAULTS',
      '[{"status":429,"retryAfter":1,"requestName":"AllUsers","after":2}]',
    );
    inst = await startTestInstance({ userCount: 10_000 });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await inst.close();
    populateUsers(DEFAULT_USERS);
  });

  it('pages through 10,000 distinct users in username order, the seeded ones unchanged', async () => {
    const auth = { Authorization: `token ${inst.tokens.user}` };
    const names: string[] = [];
    let after: string | null = null;
    const statuses: number[] = [];
    for (let guard = 0; guard < 20; guard++) {
      const r = await inst.gql(PAGE, {
        path: '/.api/graphql?AllUsers',
        headers: auth,
        variables: { first: 2500, after },
      });
      statuses.push(r.status);
      if (r.status === 429) {
        // The fault: the third request named AllUsers, as SANDBOX_FAULTS says.
        expect(r.headers.get('retry-after')).toBe('1');
        expect(r.text).toBe('');
        continue;
      }
      const page = (JSON.parse(r.text) as UsersPage).data.users;
      expect(page.totalCount).toBe(10_000);
      names.push(...page.nodes.map((n) => n.username));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(statuses).toEqual([200, 200, 429, 200, 200]);
    expect(names).toHaveLength(10_000);
    expect(new Set(names).size).toBe(10_000);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(JSON.stringify(USERS.slice(0, DEFAULT_USERS))).toBe(seeded);
  });

  it('the same users on every start; shrinking drops only the grown ones', () => {
    const grown = JSON.stringify(USERS);
    populateUsers(DEFAULT_USERS);
    expect(USERS).toHaveLength(DEFAULT_USERS);
    expect(JSON.stringify(USERS)).toBe(seeded);
    populateUsers(10_000);
    expect(JSON.stringify(USERS)).toBe(grown);
    populateUsers(100);
    expect(USERS).toHaveLength(DEFAULT_USERS);
  });
});
