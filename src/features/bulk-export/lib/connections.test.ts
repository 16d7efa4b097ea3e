import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { connectionAt, connectionLabel, findConnections } from './connections.ts';
import { testSchema } from './fixtures/test-schema.ts';

const find = (q: string) => findConnections(parse(q), testSchema);

describe('findConnections', () => {
  it('finds nodes and edges connections with first/after, by response key', () => {
    const refs = find(`{
      users { nodes { username } }
      repos: repositories { edges { node { name } } }
      organization(name: "a") { members { nodes { id } } }
      tags(first: 2) { nodes }
      site { productVersion }
    }`);
    expect(refs.map((r) => [r.path.join('.'), r.typeName])).toEqual([
      ['users', 'UserConnection'],
      ['repos', 'RepositoryConnection'],
      ['organization.members', 'UserConnection'],
    ]);
  });

  it('does not go into lists (one cursor per item) nor into a connection', () => {
    const refs = find(`{
      orgs { members { nodes { id } } }
      users { nodes { organizations { nodes { name } } } }
    }`);
    expect(refs.map((r) => r.path.join('.'))).toEqual(['users']);
  });

  it('goes through inline fragments, and numbers operations', () => {
    const refs = find(`
      query A { ... on Query { users { nodes { id } } } }
      query B { organization(name: "x") { members { nodes { id } } } }
    `);
    expect(refs.map((r) => [r.operation, r.operationName, r.path.join('.')])).toEqual([
      [0, 'A', 'users'],
      [1, 'B', 'organization.members'],
    ]);
    expect(connectionLabel(refs[1]!, true)).toBe('B: organization.members');
    expect(connectionLabel(refs[1]!, false)).toBe('organization.members');
  });
});

describe('connectionAt', () => {
  it('picks the list whose field holds the cursor', () => {
    const q = `{ users { nodes { id } } repositories { edges { node { name } } } }`;
    const refs = find(q);
    expect(connectionAt(refs, q.indexOf('id'))?.path).toEqual(['users']);
    expect(connectionAt(refs, q.indexOf('name'))?.path).toEqual(['repositories']);
    expect(connectionAt(refs, 0)).toBeUndefined();
  });
});
