import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { findConnections } from './connections.ts';
import { testSchema } from './fixtures/test-schema.ts';
import { documentedMaximum, rewriteForPaging, type PagedOperation } from './rewrite.ts';

function rewrite(q: string, path: string, vars: Record<string, unknown> = {}) {
  const ref = findConnections(parse(q), testSchema).find((r) => r.path.join('.') === path);
  if (!ref) throw new Error(`no list ${path}`);
  return rewriteForPaging(q, ref, testSchema, vars);
}

function ok(q: string, path: string, vars: Record<string, unknown> = {}): PagedOperation {
  const r = rewrite(q, path, vars);
  if (!r.ok) throw new Error(r.error);
  // Whatever it prints must be valid against the schema (no unused variables or fragments).
  expect(validate(testSchema, parse(r.value.query)).map((e) => e.message)).toEqual([]);
  return r.value;
}

describe('rewriteForPaging', () => {
  it('nodes: pages the list, keeps its other arguments, drops the rest of the query', () => {
    const op = ok(
      `query Everyone { site { productVersion } users(query: "a", first: 3) { totalCount nodes { username } } }`,
      'users',
    );
    expect(op.query).toBe(
      `query Everyone($pageSize: Int!, $cursor: String) {
  users(query: "a", first: $pageSize, after: $cursor) {
    nodes {
      username
    }
    totalCount
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}`,
    );
    expect(op).toMatchObject({
      operationName: 'Everyone',
      path: ['users'],
      rows: 'nodes',
      totalCount: true,
      columns: [{ name: 'username', path: ['username'] }],
    });
  });

  it('edges: rows are the edges, columns start at the edge; no totalCount where there is none', () => {
    const op = ok(
      `{ repositories(last: 5, before: "x") { edges { cursor node { name stars } } } }`,
      'repositories',
    );
    expect(op.rows).toBe('edges');
    expect(op.totalCount).toBe(false);
    expect(op.query).not.toMatch(/totalCount|last|before/);
    expect(op.columns.map((c) => c.name)).toEqual(['cursor', 'node.name', 'node.stars']);
  });

  it('prefers nodes when both are selected', () => {
    const op = ok(`{ repositories { edges { node { name } } } users { nodes { id } } }`, 'users');
    expect(op.rows).toBe('nodes');
  });

  it("replaces the list's first/after variables, drops them when unused, keeps the others", () => {
    const op = ok(
      `query Q($n: Int = 10, $after: String, $q: String) {
        users(first: $n, after: $after, query: $q) { nodes { username } }
      }`,
      'users',
      { n: 5, after: 'abc', q: 'al', stray: 1 },
    );
    expect(op.query).toMatch(/^query Q\(\$q: String, \$pageSize: Int!, \$cursor: String\)/);
    expect(op.variables).toEqual({ q: 'al' });
  });

  it('keeps a variable still used elsewhere, and picks names that do not clash', () => {
    const op = ok(
      `query Q($pageSize: Int, $cursor: String) {
        users(first: $pageSize, after: $cursor) { nodes { organizations(first: $pageSize) { nodes { name } } } }
      }`,
      'users',
      { pageSize: 2 },
    );
    expect(op.pageSizeVariable).toBe('pageSize2');
    expect(op.cursorVariable).toBe('cursor2');
    expect(op.query).toMatch(/\(\$pageSize: Int, \$pageSize2: Int!, \$cursor2: String\)/);
    expect(op.query).toContain('users(first: $pageSize2, after: $cursor2)');
    expect(op.variables).toEqual({ pageSize: 2 });
  });

  it('fragments: expands them into columns, keeps those used (transitively), drops the rest', () => {
    const op = ok(
      `query Q { users { nodes { ...U ... on User { owner { name } } } } }
       query Other { site { ...S } }
       fragment U on User { id ...Mail }
       fragment Mail on User { emails { email } tags }
       fragment S on Site { productVersion }`,
      'users',
    );
    expect(op.columns.map((c) => c.name)).toEqual(['id', 'emails', 'tags', 'owner.name']);
    expect(op.query).toContain('fragment U on User');
    expect(op.query).toContain('fragment Mail on User');
    expect(op.query).not.toContain('fragment S');
    expect(op.query).not.toContain('query Other');
  });

  it('a list under a path keeps the path, aliases included, and merges repeated keys', () => {
    const op = ok(
      `query($o: String!) { org: organization(name: $o) { name members { nodes { id } } }
        org: organization(name: $o) { members { nodes { username } } } }`,
      'org.members',
      { o: 'acme' },
    );
    expect(op.path).toEqual(['org', 'members']);
    expect(op.columns.map((c) => c.name)).toEqual(['id', 'username']);
    expect(op.query).not.toMatch(/^\s+name$/m);
    expect(op.variables).toEqual({ o: 'acme' });
    expect(op.documentedMax).toBe(50);
  });

  it('says what to select when the list has no rows selected', () => {
    const r = rewrite(`{ users { totalCount } }`, 'users');
    expect(r).toEqual({
      ok: false,
      error: 'Select the fields to export inside users { nodes { … } } (or edges { node { … } }).',
    });
  });
});

describe('documentedMaximum', () => {
  it.each([
    ['Returns at most 100 per page.', 100],
    ['The maximum of 1,000 applies.', 1000],
    ['How many (max 50).', 50],
    ['Up to 20 items; no more than 10 for guests.', 10],
    ['How many users to return (page size).', undefined],
  ])('%s → %s', (text, n) => {
    expect(documentedMaximum(text)).toBe(n);
  });
});
