import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, graphql } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionSettings } from '../../../connection/index.ts';
import {
  startTestInstance,
  type TestInstance,
} from '../../../../../server/sandbox/instance/instance.test-helpers.ts';
import { USERS } from '../../../../../server/sandbox/instance/data.ts';
import { fetchInstanceUsers, SeatsError } from './instance-users.ts';

const settings = (baseUrl: string, token: string): ConnectionSettings => ({
  baseUrl,
  analyticsUrl: '',
  scheme: 'token',
  token,
  sudoUser: '',
  analyticsToken: '',
  transport: 'direct',
  remember: false,
  oauth: {},
});

/** The error `p` rejects with (fails the test when it resolves). */
async function failure(p: Promise<unknown>): Promise<SeatsError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof SeatsError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('fetchInstanceUsers against the sandbox instance', () => {
  let inst: TestInstance;
  beforeAll(async () => {
    inst = await startTestInstance();
  });
  afterAll(() => inst.close());

  it('reads every user page by page, with emails, last activity and the licence', async () => {
    const progress: number[] = [];
    const r = await fetchInstanceUsers(settings(inst.base, inst.tokens.admin!), {
      onProgress: (read) => progress.push(read),
    });
    expect(r.viewer).toBe('admin');
    expect(r.users).toHaveLength(USERS.length);
    expect(r.total).toBe(USERS.length);
    // 200 a page.
    expect(progress).toEqual([200, USERS.length]);
    expect(r.licence).toMatchObject({ seats: 500, licensed: true, actualUserCount: USERS.length });
    const alice = r.users.find((u) => u.username === 'alice')!;
    expect(alice).toMatchObject({ emails: ['alice@example.com'], databaseId: 2, siteAdmin: false });
    expect(r.users.find((u) => u.username === 'admin')!.siteAdmin).toBe(true);
    expect(r.users.some((u) => u.lastActive === null)).toBe(true);
    expect(r.users.some((u) => u.lastActive !== null)).toBe(true);
    expect(r.missing).toEqual([]);
  });

  it("stops at the first page for a token that is not a site admin's, with the instance's words", async () => {
    const err = await failure(fetchInstanceUsers(settings(inst.base, inst.tokens.user!)));
    expect(err.notAdmin).toEqual({
      viewer: 'alice',
      said: 'must be authenticated as the authorized user or site admin',
    });
  });

  it('says what the instance said of a refused token', async () => {
    const err = await failure(fetchInstanceUsers(settings(inst.base, inst.tokens.revoked!)));
    expect(err.notAdmin).toBeUndefined();
    expect(err.message).toMatch(/^401 Unauthorized/);
    expect(err.message).toContain('The instance does not accept this token');
  });
});

// An older instance: no usageStatistics, no licence, `users` without `after` or `totalCount`;
// and it lists users to site admins only, as instances do since 3.28 ("must be site admin").
const OLD_SDL = `
type Query { currentUser: User site: Site! users(first: Int, query: String): UserConnection! }
type Site { siteID: String! }
type User { id: ID! username: String! displayName: String siteAdmin: Boolean! createdAt: String! emails: [UserEmail!]! }
type UserEmail { email: String! }
type UserConnection { nodes: [User!]! }
`;

describe('fetchInstanceUsers against an older schema', () => {
  let server: Server;
  let base: string;
  const people = Array.from({ length: 5 }, (_, i) => ({
    id: btoa(`User:${i + 1}`),
    username: `u${i}`,
    displayName: null,
    siteAdmin: i === 0,
    createdAt: '2020-01-01T00:00:00Z',
    emails: [{ email: `u${i}@example.com` }],
  }));
  beforeAll(async () => {
    const schema = buildSchema(OLD_SDL);
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const { query, variables } = JSON.parse(body) as { query: string; variables?: object };
        const admin = req.headers.authorization === 'token admin';
        const viewer = admin ? people[0] : people[1];
        void graphql({
          schema,
          source: query,
          variableValues: variables as Record<string, unknown>,
          rootValue: {
            currentUser: viewer,
            site: { siteID: 'old' },
            users: (a: { first?: number }) => {
              if (!admin) throw new Error('must be site admin');
              return { nodes: people.slice(0, a.first) };
            },
          },
        }).then((result) => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(result));
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('leaves out what the schema lacks and reads the users in one request', async () => {
    const r = await fetchInstanceUsers(settings(base, 'admin'));
    expect(r.users.map((u) => [u.username, u.emails, u.lastActive, u.databaseId])).toEqual(
      people.map((p, i) => [p.username, [p.emails[0]!.email], null, i + 1]),
    );
    expect(r.licence).toBeNull();
    expect(r.total).toBeNull();
    expect(r.missing.sort()).toEqual([
      'after',
      'pageInfo',
      'productSubscription',
      'totalCount',
      'usageStatistics',
    ]);
  });

  it('quotes "must be site admin" for a token that is not a site admin', async () => {
    const err = await failure(fetchInstanceUsers(settings(base, 'user')));
    expect(err.notAdmin).toEqual({ viewer: 'u1', said: 'must be site admin' });
  });
});
