import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getIntrospectionQuery, parse } from 'graphql';
import { introspectionCacheKey } from './introspection-cache.ts';
import { startTestInstance, type TestInstance } from './instance.test-helpers.ts';

const ME = '{ currentUser { username } }';
const dir = mkdtempSync(join(tmpdir(), 'sandbox-instance-'));

function siteConfig(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

function username(text: string): string | null {
  return (
    (JSON.parse(text) as { data: { currentUser: { username: string } | null } }).data.currentUser
      ?.username ?? null
  );
}

describe('sandbox instance (private, default limits)', () => {
  let inst: TestInstance;
  beforeAll(async () => {
    inst = await startTestInstance();
  });
  afterAll(() => inst.close());

  describe('auth: the right user for each scheme', () => {
    it('token', async () => {
      const r = await inst.gql(ME, { headers: { Authorization: `token ${inst.tokens.user}` } });
      expect(r.status).toBe(200);
      expect(r.text).toBe('{"data":{"currentUser":{"username":"alice"}}}');
    });
    it('token token="…"', async () => {
      const r = await inst.gql(ME, {
        headers: { Authorization: `token token="${inst.tokens.admin}"` },
      });
      expect(username(r.text)).toBe('admin');
    });
    it('token-sudo with the admin token, keys in any order and case', async () => {
      const r = await inst.gql(ME, {
        headers: { Authorization: `token-sudo TOKEN="${inst.tokens.admin}", user="carol"` },
      });
      expect(username(r.text)).toBe('carol');
    });
    it('Bearer with the OAuth access token', async () => {
      const r = await inst.gql(ME, { headers: { Authorization: `Bearer ${inst.tokens.oauth}` } });
      expect(username(r.text)).toBe('bob');
    });
    it('?token= wins over the Authorization header', async () => {
      const r = await inst.gql(ME, {
        path: `/.api/graphql?token=${inst.tokens.admin}`,
        headers: { Authorization: `token ${inst.tokens.user}` },
      });
      expect(username(r.text)).toBe('admin');
    });
    it('Basic auth username is the token (password ignored)', async () => {
      const basic = Buffer.from(`${inst.tokens.user}:ignored`).toString('base64');
      const r = await inst.gql(ME, { headers: { Authorization: `Basic ${basic}` } });
      expect(username(r.text)).toBe('alice');
    });
    it('demo tokens use the real format', () => {
      for (const t of [inst.tokens.user, inst.tokens.admin, inst.tokens.revoked])
        expect(t).toMatch(/^sgp_local_[0-9a-f]{40}$/);
      expect(inst.tokens.oauth).not.toMatch(/^sgp_/);
      expect(inst.oauth).toMatchObject({ access_token: inst.tokens.oauth, expires_in: 600 });
    });
  });

  describe('auth: exact plain-text failures', () => {
    const cases: [string, () => Record<string, string>, number, string][] = [
      [
        'anonymous on a private instance',
        () => ({}),
        401,
        'Private mode requires authentication.\n',
      ],
      [
        'unknown token',
        () => ({ Authorization: `token sgp_local_${'0'.repeat(40)}` }),
        401,
        'Invalid access token.\n',
      ],
      [
        'malformed token',
        () => ({ Authorization: 'token not-a-token' }),
        401,
        'Invalid access token.\n',
      ],
      [
        'revoked token',
        () => ({ Authorization: `token ${inst.tokens.revoked}` }),
        401,
        'Invalid access token.\n',
      ],
      [
        'token with no value',
        () => ({ Authorization: 'token' }),
        401,
        'Invalid Authorization header.\n',
      ],
      [
        'token-sudo without params',
        () => ({ Authorization: 'token-sudo abc' }),
        401,
        'Invalid Authorization header.\n',
      ],
      [
        "a normal user's token with token-sudo (wrong kind)",
        () => ({ Authorization: `token-sudo user="bob",token="${inst.tokens.user}"` }),
        401,
        'Invalid access token.\n',
      ],
      [
        'an OAuth token sent as a personal access token (wrong kind)',
        () => ({ Authorization: `token ${inst.tokens.oauth}` }),
        401,
        'Invalid access token.\n',
      ],
      [
        'a personal access token sent as Bearer (wrong kind)',
        () => ({ Authorization: `Bearer ${inst.tokens.user}` }),
        401,
        'Invalid access token.\n',
      ],
      [
        'sudo to a missing user',
        () => ({ Authorization: `token-sudo user="nobody-here",token="${inst.tokens.admin}"` }),
        403,
        'Unable to sudo to nonexistent user.\n',
      ],
      [
        'an unknown scheme is ignored (anonymous)',
        () => ({ Authorization: 'Digest abc' }),
        401,
        'Private mode requires authentication.\n',
      ],
    ];
    it.each(cases)('%s', async (_name, headers, status, body) => {
      const r = await inst.gql(ME, { headers: headers() });
      expect(r.status).toBe(status);
      expect(r.text).toBe(body);
      expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    });
  });

  describe('headers and CORS', () => {
    it('sends Vary and the security headers, and echoes Origin with credentials', async () => {
      const r = await inst.gql(ME, {
        headers: { Authorization: `token ${inst.tokens.user}`, Origin: 'http://elsewhere.example' },
      });
      expect(r.headers.get('vary')).toContain('Authorization');
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('x-xss-protection')).toBe('1; mode=block');
      expect(r.headers.get('cache-control')).toBe('no-cache, max-age=0');
      expect(r.headers.get('access-control-allow-origin')).toBe('http://elsewhere.example');
      expect(r.headers.get('access-control-allow-credentials')).toBe('true');
    });
    it('answers a preflight with 200 and the header lists (other vs trusted origin)', async () => {
      const other = await fetch(`${inst.base}/.api/graphql`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://elsewhere.example', 'Access-Control-Request-Method': 'POST' },
      });
      expect(other.status).toBe(200);
      expect(other.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
      expect(other.headers.get('access-control-allow-headers')).toBe(
        'Content-Type, Authorization, X-Sourcegraph-Should-Trace',
      );
      expect(other.headers.get('access-control-max-age')).toBeNull();
      const trusted = await fetch(`${inst.base}/.api/graphql`, {
        method: 'OPTIONS',
        headers: { Origin: inst.base },
      });
      expect(trusted.headers.get('access-control-allow-headers')).toBe(
        'X-Requested-With, X-Sourcegraph-Client, Content-Type, Authorization, X-Sourcegraph-Should-Trace',
      );
    });
  });

  describe('error shapes and bad input', () => {
    const auth = () => ({ Authorization: `token ${inst.tokens.user}` });
    it('a syntax error has errors and no data', async () => {
      const r = await inst.gql('invalid', { headers: auth() });
      expect(r.status).toBe(200);
      expect(JSON.parse(r.text)).toEqual({
        errors: [
          {
            message: 'syntax error: unexpected "invalid", expecting "fragment"',
            locations: [{ line: 1, column: 1 }],
          },
        ],
      });
    });
    it('an unterminated selection set reads like graph-gophers', async () => {
      const r = await inst.gql('{ currentUser {', { headers: auth() });
      expect(JSON.parse(r.text).errors[0].message).toBe(
        'syntax error: unexpected "", expecting Ident',
      );
    });
    it('puts errors before data when a resolver fails', async () => {
      const r = await inst.gql(
        '{ currentUser { username } user(username: "bob") { emails { email } } }',
        {
          headers: auth(),
        },
      );
      expect(r.status).toBe(200);
      expect(
        r.text.startsWith('{"errors":[{"message":"must be authenticated as the authorized user'),
      ).toBe(true);
      expect(r.text).toContain('"data":{"currentUser":{"username":"alice"},"user":null}');
    });
    it('keeps data: null when a non-null field fails (site admin only)', async () => {
      const r = await inst.gql('{ site { configuration { effectiveContents } } }', {
        headers: auth(),
      });
      expect(r.text).toBe(
        '{"errors":[{"message":"must be site admin","locations":[{"line":1,"column":10}],"path":["site","configuration"]}],"data":null}',
      );
    });
    it('a validation error names the field', async () => {
      const r = await inst.gql('{ foo }', { headers: auth() });
      expect(JSON.parse(r.text)).toMatchObject({
        errors: [{ message: 'Cannot query field "foo" on type "Query".' }],
      });
      expect(r.text).not.toContain('"data"');
    });
    it('non-JSON body → 500 with a bare newline', async () => {
      const res = await fetch(`${inst.base}/.api/graphql`, {
        method: 'POST',
        headers: auth(),
        body: '{nope',
      });
      expect(res.status).toBe(500);
      expect(await res.text()).toBe('\n');
    });
    it('JSON without query → no operations', async () => {
      const res = await fetch(`${inst.base}/.api/graphql`, {
        method: 'POST',
        headers: auth(),
        body: '{}',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        errors: [{ message: 'no operations in query document' }],
      });
    });
    it('an empty query → no operations', async () => {
      const r = await inst.gql('', { headers: auth() });
      expect(JSON.parse(r.text)).toEqual({
        errors: [{ message: 'no operations in query document' }],
      });
    });
    it('variables that are not an object → a clear GraphQL error', async () => {
      const r = await inst.gql(ME, { headers: auth(), variables: [1, 2] });
      expect(r.status).toBe(200);
      expect(JSON.parse(r.text)).toEqual({
        errors: [{ message: 'variables must be a JSON object, got an array' }],
      });
    });
    it('a missing non-null variable reads like graph-gophers', async () => {
      const r = await inst.gql(
        'query($q: String!) { search(query: $q) { results { matchCount } } }',
        {
          headers: auth(),
        },
      );
      expect(r.status).toBe(200);
      expect(JSON.parse(r.text)).toEqual({
        errors: [
          {
            message: 'Variable "q" has invalid value null.\nExpected type "String!", found null.',
            locations: [{ line: 1, column: 7 }],
          },
        ],
      });
    });
    it('two operations without a name → graph-gophers message', async () => {
      const r = await inst.gql(
        'query A { currentUser { username } } query B { currentUser { url } }',
        {
          headers: auth(),
        },
      );
      expect(JSON.parse(r.text).errors[0].message).toBe(
        'more than one operation in query document and no operation name given',
      );
    });
    it('GET on the GraphQL path → 405 plain text', async () => {
      const res = await fetch(`${inst.base}/.api/graphql`, { headers: auth() });
      expect(res.status).toBe(405);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toMatch(/POST\.\n$/);
    });
    it('accepts gzip request bodies and ?Name request names', async () => {
      const res = await fetch(`${inst.base}/.api/graphql?CurrentUser`, {
        method: 'POST',
        headers: { ...auth(), 'Content-Encoding': 'gzip' },
        body: gzipSync(JSON.stringify({ query: ME })),
      });
      expect(await res.text()).toBe('{"data":{"currentUser":{"username":"alice"}}}');
    });
    it('refuses a 10 MB query with 413 and keeps serving', async () => {
      const big = '{ currentUser { username } }' + ' '.repeat(10 * 1024 * 1024);
      const r = await inst.gql(big, { headers: auth() });
      expect(r.status).toBe(413);
      expect(r.text).toMatch(/too large/);
      expect(username((await inst.gql(ME, { headers: auth() })).text)).toBe('alice');
    });
    it('refuses a query nested 10,000 levels deep with the depth error and keeps serving', async () => {
      const deep = '{' + 'currentUser {'.repeat(9999) + 'username' + '}'.repeat(10000);
      const r = await inst.gql(deep, { headers: auth() });
      expect(r.status).toBe(400);
      expect(JSON.parse(r.text).errors[0]).toMatchObject({
        message: 'Query exceeds maximum query depth limit',
        extensions: { actual: 10000, limit: 30, type: 'query depth' },
      });
      expect(username((await inst.gql(ME, { headers: auth() })).text)).toBe('alice');
    });
    it('refuses a 10,000-deep list value too', async () => {
      const deep = `{ user(username: ${'['.repeat(10000)}"x"${']'.repeat(10000)}) { username } }`;
      const r = await inst.gql(deep, { headers: auth() });
      expect(r.status).toBe(400);
      expect(username((await inst.gql(ME, { headers: auth() })).text)).toBe('alice');
    });
    it('a fragment cycle is answered (validation error), not hung', async () => {
      const r = await inst.gql(
        'fragment A on User { ...B } fragment B on User { ...A } { currentUser { ...A } }',
        {
          headers: auth(),
        },
      );
      expect(r.status).toBe(200);
      expect(JSON.parse(r.text).errors[0].message).toMatch(
        /Cannot spread fragment "A" within itself/,
      );
    });
    it('answers HTML 404 outside the API, like the web app', async () => {
      const res = await fetch(`${inst.base}/no/such/page`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toMatch(/^<!DOCTYPE html>/);
    });
  });

  describe('cost limits (defaults)', () => {
    it('rejects the 1,003,001-field query with the documented 400', async () => {
      const r = await inst.gql(
        '{repositories(first:1000){nodes{name commit(rev:"HEAD"){ancestors(first:1000){nodes{oid}}}}}}',
        { headers: { Authorization: `token ${inst.tokens.user}` } },
      );
      expect(r.status).toBe(400);
      expect(r.headers.get('content-type')).toBe('application/json');
      expect(r.text).toBe(
        `{"errors":[{"message":"Query exceeds maximum field count limit","extensions":{"actual":1003001,"code":"ErrQueryComplexityLimitExceeded","docs_url":"${inst.base}/help/api/graphql#cost-limits","limit":500000,"type":"field count"}}]}\n`,
      );
    });
    it('checks cost before validation (unknown fields still get the 400)', async () => {
      const r = await inst.gql(
        '{ nope(first: 1000) { nodes { a(first: 1000) { nodes { b } } } } }',
        {
          headers: { Authorization: `token ${inst.tokens.user}` },
        },
      );
      expect(r.status).toBe(400);
    });
  });

  describe('data', () => {
    const auth = () => ({ Authorization: `token ${inst.tokens.admin}` });
    it('pages repositories with a cursor', async () => {
      const q =
        'query($after: String) { repositories(first: 2, after: $after) { totalCount nodes { name } pageInfo { hasNextPage endCursor } } }';
      const p1 = JSON.parse((await inst.gql(q, { headers: auth() })).text).data.repositories;
      expect(p1.nodes).toHaveLength(2);
      expect(p1.totalCount).toBe(400);
      expect(p1.pageInfo.hasNextPage).toBe(true);
      const p2 = JSON.parse(
        (await inst.gql(q, { headers: auth(), variables: { after: p1.pageInfo.endCursor } })).text,
      ).data.repositories;
      expect(p2.nodes[0].name).not.toBe(p1.nodes[0].name);
      expect(p2.nodes[0].name > p1.nodes[1].name).toBe(true);
    });
    it('searches generated file contents and honours count:', async () => {
      const r = await inst.gql(
        '{ search(query: "count:5 func") { results { matchCount limitHit approximateResultCount results { __typename ... on FileMatch { file { path content } lineMatches { preview offsetAndLengths } } } } } }',
        { headers: auth() },
      );
      const s = JSON.parse(r.text).data.search.results;
      expect(s.results).toHaveLength(5);
      expect(s.limitHit).toBe(true);
      expect(s.approximateResultCount).toBe(`${s.matchCount}+`);
      for (const fm of s.results) {
        expect(fm.__typename).toBe('FileMatch');
        for (const lm of fm.lineMatches) {
          const [off, len] = lm.offsetAndLengths[0];
          expect(lm.preview.slice(off, off + len).toLowerCase()).toBe('func');
          expect(fm.file.content).toContain(lm.preview);
        }
      }
    });
    it('resolves every field of the slice without errors', async () => {
      const q = `{
        currentUser { id username displayName avatarURL url settingsURL createdAt siteAdmin builtinAuth emails { email isPrimary verified } }
        user(username: "alice") { username }
        users(first: 2, query: "a") { totalCount pageInfo { endCursor hasNextPage } nodes { username } }
        repositories(first: 2, orderBy: REPO_CREATED_AT, descending: true) { totalCount(precise: true) pageInfo { endCursor hasNextPage } nodes {
          id name uri description language createdAt updatedAt url isFork isArchived isPrivate stars
          defaultBranch { name abbrevName displayName target { oid abbreviatedOID commit { oid } } }
          commit(rev: "HEAD") { id oid abbreviatedOID message subject body url fileNames
            author { date person { name email displayName avatarURL user { username } } } committer { date }
            repository { name } ancestors(first: 3) { totalCount pageInfo { hasNextPage } nodes { oid } }
            blob(path: "README.md") { path name isDirectory content byteSize binary url repository { name } commit { oid } } } } }
        search(query: "count:3 func") { stats { approximateResultCount sparkline languages { name totalBytes totalLines } }
          results { matchCount resultCount approximateResultCount limitHit sparkline repositoriesCount indexUnavailable elapsedMilliseconds
            repositories { name } cloning { name } missing { name } timedout { name } alert { title }
            dynamicFilters { value label count limitHit kind }
            results { __typename ... on FileMatch { revSpec limitHit repository { name } file { path } } } } }
        commits: search(query: "type:commit fix count:2", patternType: literal) { results { results {
          ... on CommitSearchResult { label { text html } url commit { subject } messagePreview { value highlights { line character length } } } } } }
        repos: search(query: "type:repo router count:2") { results { results { ... on Repository { name } } } }
        bad: search(query: "count:nope") { results { alert { title description kind } } }
        repository(name: "nope") { name }
        site { id siteID productVersion buildVersion configuration { id effectiveContents validationMessages } }
      }`;
      const r = await inst.gql(q, { headers: auth() });
      const body = JSON.parse(r.text);
      expect(body.errors).toBeUndefined();
      expect(body.data.commits.results.results).toHaveLength(2);
      expect(body.data.repos.results.results[0].name).toMatch(/router/);
      expect(body.data.bad.results.alert.description).toMatch(/count:nope/);
      const m = await inst.gql(
        'mutation($id: ID!) { updateUser(user: $id, displayName: "Zoë") { displayName } createSavedSearch(input: { owner: $id, description: "d", query: "q" }) { query owner { username } } }',
        { headers: auth(), variables: { id: body.data.currentUser.id } },
      );
      expect(JSON.parse(m.text)).toEqual({
        data: {
          updateUser: { displayName: 'Zoë' },
          createSavedSearch: { query: 'q', owner: { username: 'admin' } },
        },
      });
    });
    it('is deterministic between runs', async () => {
      const q = '{ users(first: 5, query: "a") { nodes { username displayName } } }';
      expect((await inst.gql(q, { headers: auth() })).text).toBe(
        (await inst.gql(q, { headers: auth() })).text,
      );
    });
    it('shows the site configuration to site admins only', async () => {
      const r = await inst.gql('{ site { configuration { effectiveContents } } }', {
        headers: auth(),
      });
      expect(JSON.parse(r.text).data.site.configuration.effectiveContents).toContain(
        '"rateLimits"',
      );
    });
    it('looks nodes up by ID and contains non-ASCII names', async () => {
      const r = await inst.gql('{ users(first: 400) { nodes { id displayName } } }', {
        headers: auth(),
      });
      const nodes = JSON.parse(r.text).data.users.nodes as { id: string; displayName: string }[];
      const [first] = nodes;
      if (!first) throw new Error('no users');
      expect(nodes.some((n) => /[^ -~]/.test(n.displayName))).toBe(true);
      const n = await inst.gql(
        `{ node(id: "${first.id}") { __typename ... on User { displayName } } }`,
        {
          headers: auth(),
        },
      );
      expect(JSON.parse(n.text).data.node).toEqual({
        __typename: 'User',
        displayName: first.displayName,
      });
    });
  });
});

describe('introspection answers are cached, and only those', () => {
  let inst: TestInstance;
  beforeAll(async () => {
    inst = await startTestInstance();
  });
  afterAll(() => inst.close());
  const auth = (t: string | undefined) => {
    if (!t) throw new Error('no such demo token');
    return { headers: { Authorization: `token ${t}` } };
  };
  const TYPE = 'query T($n: String!) { __type(name: $n) { name kind } }';

  it('answers the same introspection the same way, and per variables', async () => {
    const first = await inst.gql(TYPE, { ...auth(inst.tokens.user), variables: { n: 'User' } });
    const again = await inst.gql(TYPE, { ...auth(inst.tokens.user), variables: { n: 'User' } });
    const other = await inst.gql(TYPE, {
      ...auth(inst.tokens.user),
      variables: { n: 'Repository' },
    });
    expect(JSON.parse(first.text)).toEqual({ data: { __type: { name: 'User', kind: 'OBJECT' } } });
    expect(again.text).toBe(first.text);
    expect(JSON.parse(other.text)).toEqual({
      data: { __type: { name: 'Repository', kind: 'OBJECT' } },
    });
  });

  it('answers the first standard introspection after start from the cache, as the next ones', async () => {
    const fresh = await startTestInstance();
    try {
      const query = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true });
      const ask = (op?: string) =>
        fetch(`${fresh.base}/.api/graphql`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `token ${fresh.tokens.user ?? ''}`,
            'X-Sourcegraph-Should-Trace': 'true',
          },
          body: JSON.stringify({ query, ...(op ? { operationName: op } : {}) }),
        });
      for (const op of ['IntrospectionQuery', undefined]) {
        const first = await ask(op);
        const trace = await (await fetch(first.headers.get('x-trace-url')!)).text();
        expect(trace).toContain('cached');
        const again = await ask(op);
        expect(await first.text()).toBe(await again.text());
      }
    } finally {
      await fresh.close();
    }
  });

  it('never caches an operation that also reads data: each user sees their own', async () => {
    const q = '{ __typename __schema { queryType { name } } currentUser { username } }';
    const alice = await inst.gql(q, auth(inst.tokens.user));
    const admin = await inst.gql(q, auth(inst.tokens.admin));
    expect(JSON.parse(alice.text).data.currentUser.username).toBe('alice');
    expect(JSON.parse(admin.text).data.currentUser.username).toBe('admin');
  });

  it('keys only introspection-only queries, by text, operation and variables', () => {
    const key = (q: string, vars: Record<string, unknown> = {}, op?: string) =>
      introspectionCacheKey(parse(q), q, op, vars);
    expect(key('{ __schema { types { name } } }')).not.toBeNull();
    expect(key(TYPE, { n: 'User' })).not.toBe(key(TYPE, { n: 'Repository' }));
    expect(key('{ __typename currentUser { username } }')).toBeNull();
    expect(key('{ ...F } fragment F on Query { __schema { types { name } } }')).toBeNull();
    const two = 'query A { __schema { types { name } } } query B { currentUser { username } }';
    expect(key(two, {}, 'A')).not.toBeNull();
    expect(key(two, {}, 'B')).toBeNull();
  });

  it('still checks auth before answering from the cache', async () => {
    const q = '{ __schema { queryType { name } } }';
    expect((await inst.gql(q, auth(inst.tokens.user))).status).toBe(200);
    const r = await inst.gql(q, auth(inst.tokens.revoked));
    expect(r.status).toBe(401);
  });
});

describe('OAuth token endpoint', () => {
  let inst: TestInstance;
  beforeAll(async () => {
    inst = await startTestInstance();
  });
  afterAll(() => inst.close());

  function refresh(token: string, clientId = inst.oauth.client_id) {
    return fetch(`${inst.base}/.auth/idp/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: clientId,
      }),
    });
  }

  it('rotates refresh tokens (one-time use) and issues working Bearer tokens', async () => {
    const first = await refresh(inst.oauth.refresh_token);
    expect(first.status).toBe(200);
    const body = (await first.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 600, scope: 'user:all' });
    expect(body.refresh_token).not.toBe(inst.oauth.refresh_token);
    const me = await inst.gql(ME, {
      headers: { Authorization: `Bearer ${body.access_token as string}` },
    });
    expect(username(me.text)).toBe('bob');
    const again = await refresh(inst.oauth.refresh_token);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    const next = await refresh(body.refresh_token as string);
    expect(next.status).toBe(200);
  });

  it('answers OAuth-style errors', async () => {
    const wrongClient = await refresh('sgr_local_whatever', 'someone-else');
    expect(wrongClient.status).toBe(400);
    const noGrant = await fetch(`${inst.base}/.auth/idp/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(noGrant.status).toBe(400);
    expect(await noGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });
});

describe('OAuth expiry (SANDBOX_OAUTH_TTL)', () => {
  it('answers 401 for a Bearer token once its lifetime has passed, not a millisecond before', async () => {
    // Only the clock is fake (timers and I/O are real): the instance reads Date.now.
    vi.useFakeTimers({ toFake: ['Date'] });
    process.env.SANDBOX_OAUTH_TTL = '1';
    const inst = await startTestInstance();
    delete process.env.SANDBOX_OAUTH_TTL;
    try {
      expect(inst.oauth.expires_in).toBe(1);
      const asBob = { headers: { Authorization: `Bearer ${inst.tokens.oauth}` } };
      vi.setSystemTime(Date.now() + 999);
      const before = await inst.gql(ME, asBob);
      expect([before.status, username(before.text)]).toEqual([200, 'bob']);
      vi.setSystemTime(Date.now() + 1);
      const r = await inst.gql(ME, asBob);
      expect(r.status).toBe(401);
      expect(r.text).toBe('OAuth access token expired.\n');
    } finally {
      vi.useRealTimers();
      await inst.close();
    }
  });
});

describe('site config: small limits, public mode, anonymous rate limit', () => {
  let inst: TestInstance;
  beforeAll(async () => {
    inst = await startTestInstance({
      siteConfigPath: siteConfig(
        'small.jsonc',
        `{
  // small limits for tests
  "auth.public": true,
  "experimentalFeatures": { "rateLimitAnonymous": 5 },
  "rateLimits": {
    "graphQLMaxAliases": 1,
    "graphQLMaxDepth": 3,
    "graphQLMaxFieldCount": 5,
    "graphQLMaxDuplicateFieldCount": 2,
    "graphQLMaxUniqueFieldCount": 4,
  },
}`,
      ),
    });
  });
  afterAll(() => inst.close());
  const auth = () => ({ Authorization: `token ${inst.tokens.user}` });

  it.each([
    ['alias count', '{ a: currentUser { username } b: currentUser { url } }', 2, 1],
    ['field count', '{ users(first: 10) { nodes { username } } }', 11, 5],
    ['query depth', '{ currentUser { emails { email } } }', 3, 3],
    ['duplicate field count', '{ currentUser { username } x: currentUser { username } }', 2, 2],
    ['unique field count', '{ currentUser { username url siteAdmin displayName } }', 5, 4],
  ])('%s', async (kind, query, actual, limit) => {
    const r = await inst.gql(query, { headers: auth() });
    const errors = (JSON.parse(r.text).errors ?? []) as {
      message: string;
      extensions: Record<string, unknown>;
    }[];
    const mine = errors.find((e) => e.extensions.type === kind);
    if (actual > limit) {
      expect(r.status).toBe(400);
      expect(mine).toEqual({
        message: `Query exceeds maximum ${kind} limit`,
        extensions: {
          actual,
          code: 'ErrQueryComplexityLimitExceeded',
          docs_url: `${inst.base}/help/api/graphql#cost-limits`,
          limit,
          type: kind,
        },
      });
    } else {
      expect(mine).toBeUndefined();
    }
  });

  it('lists every exceeded limit, in the instance order', async () => {
    const r = await inst.gql(
      '{ a: users(first: 10) { nodes { username url } } b: users(first: 10) { nodes { c: username username displayName siteAdmin emails { email } } } }',
      { headers: auth() },
    );
    expect(r.status).toBe(400);
    expect(
      JSON.parse(r.text).errors.map((e: { extensions: { type: string } }) => e.extensions.type),
    ).toEqual([
      'alias count',
      'field count',
      'query depth',
      'duplicate field count',
      'unique field count',
    ]);
  });

  it('lets anonymous requests in (currentUser null) in public mode', async () => {
    const r = await inst.gql(ME, { path: '/.api/graphql?Me' });
    expect(r.text).toBe('{"data":{"currentUser":null}}');
  });

  it('rate-limits anonymous requests without a request name: 429, Retry-After, empty body', async () => {
    let last = await inst.gql(ME);
    for (let i = 0; i < 5 && last.status !== 429; i++) last = await inst.gql(ME);
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.text).toBe('');
    // Named and authenticated requests are not limited.
    expect((await inst.gql(ME, { path: '/.api/graphql?Me' })).status).toBe(200);
    expect((await inst.gql(ME, { headers: auth() })).status).toBe(200);
  });
});

describe('SANDBOX_SCHEMA with the GitHub schema', () => {
  let inst: TestInstance;
  beforeAll(async () => {
    inst = await startTestInstance({
      schemaPath: 'node_modules/@octokit/graphql-schema/schema.graphql',
    });
  });
  afterAll(() => inst.close());
  const auth = () => ({ Authorization: `token ${inst.tokens.user}` });

  it('loads despite the duplicated field and answers introspection', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const r = await inst.gql(getIntrospectionQuery(), { headers: auth() });
    expect(r.status).toBe(200);
    const schema = JSON.parse(r.text).data.__schema;
    expect(schema.queryType.name).toBe('Query');
    expect(schema.types.length).toBeGreaterThan(1500);
  });

  it('fabricates deterministic data that respects first', async () => {
    const q =
      '{ viewer { login repositories(first: 4) { totalCount nodes { name stargazerCount } } } }';
    const a = await inst.gql(q, { headers: auth() });
    const data = JSON.parse(a.text).data;
    expect(typeof data.viewer.login).toBe('string');
    expect(data.viewer.repositories.nodes).toHaveLength(4);
    expect((await inst.gql(q, { headers: auth() })).text).toBe(a.text);
  });
});
