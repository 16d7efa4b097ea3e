import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { addFieldToQuery } from './add-field.ts';
import { findPathToType } from './field-path.ts';
import { placeholderValue } from './placeholder-value.ts';
import { FIXTURE_SDL } from './fixture-schema.ts';

const schema = buildSchema(FIXTURE_SDL);

function add(query: string, typeName: string, field: string) {
  const path = findPathToType(schema, typeName)!;
  return addFieldToQuery(schema, query, { root: path.root, steps: [...path.steps, { field }] });
}

describe('findPathToType', () => {
  it('finds the shortest path from the root, through fragments on abstract types', () => {
    expect(findPathToType(schema, 'Query')).toEqual({ root: 'query', steps: [] });
    expect(findPathToType(schema, 'Repository')).toEqual({
      root: 'query',
      steps: [{ field: 'repository' }],
    });
    expect(findPathToType(schema, 'Issue')?.steps).toEqual([
      { field: 'repository' },
      { field: 'issues' },
    ]);
    expect(findPathToType(schema, 'AddStarInput')).toBeUndefined();
  });
});

describe('addFieldToQuery', () => {
  it('creates `query { }` in an empty editor, with required args as variables', () => {
    const r = add('', 'Repository', 'name');
    expect(r).toMatchObject({ ok: true, changed: true, variables: { owner: '', name: '' } });
    if (!r.ok) return;
    expect(r.query).toBe(
      'query($owner: String!, $name: String!) {\n  repository(owner: $owner, name: $name) {\n    name\n  }\n}\n',
    );
    expect(() => parse(r.query)).not.toThrow();
  });

  it('merges into the existing path, keeps comments and reuses variables', () => {
    const q =
      'query Repo($owner: String!, $name: String!) {\n  # mine\n  repository(owner: $owner, name: $name) {\n    id\n  }\n}\n';
    const r = add(q, 'Repository', 'nameWithOwner');
    expect(r.ok && r.query).toBe(
      'query Repo($owner: String!, $name: String!) {\n  # mine\n  repository(owner: $owner, name: $name) {\n    id\n    nameWithOwner\n  }\n}\n',
    );
    expect(r.ok && r.variables).toEqual({});
  });

  it('adds variable definitions to an operation without any, and renames clashing ones', () => {
    const q = 'query($name: Int) {\n  viewer { login }\n}';
    const r = add(q, 'Repository', 'id');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.query).toContain('query($name: Int, $owner: String!, $name2: String!)');
    expect(r.query).toContain('repository(owner: $owner, name: $name2) {');
    expect(r.variables).toEqual({ owner: '', name2: '' });
    expect(() => parse(r.query)).not.toThrow();
    const short = addFieldToQuery(schema, '{ viewer { id } }', {
      root: 'query',
      steps: [{ field: 'node' }],
    });
    expect(short.ok && short.query.startsWith('query($id: ID!) {')).toBe(true);
    expect(short.ok && (() => parse(short.query))()).toBeTruthy();
  });

  it('adds a leaf selection under composite fields and placeholder values by type', () => {
    const r = add('', 'Repository', 'issues');
    expect(r.ok && r.query).toContain('issues(first: $first) {\n      id\n    }');
    expect(r.ok && r.variables).toMatchObject({ first: 0 });
    const m = addFieldToQuery(schema, 'query { viewer { id } }', {
      root: 'mutation',
      steps: [{ field: 'addStar' }],
    });
    expect(m.ok && m.query).toBe(
      'query { viewer { id } }\n\nmutation($input: AddStarInput!) {\n  addStar(input: $input) {\n    id\n  }\n}\n',
    );
    expect(m.ok && m.variables).toEqual({ input: { starrableId: '' } });
    expect(placeholderValue(schema.getType('IssueState') as never)).toBe('OPEN');
  });

  it('inserts into a one-line selection set and does nothing when the field is there', () => {
    const r = add('{ viewer { id } }', 'User', 'login');
    expect(r.ok && r.query).toBe('{ viewer { id\n  login\n} }');
    const again = add('{ viewer { login } }', 'User', 'login');
    expect(again).toMatchObject({ ok: true, changed: false, query: '{ viewer { login } }' });
  });

  it('uses inline fragments for union members and refuses a broken query', () => {
    const path = {
      root: 'query' as const,
      steps: [{ field: 'search' }, { on: 'Issue' }, { field: 'title' }],
    };
    const r = addFieldToQuery(schema, '', path);
    expect(r.ok && r.query).toContain(
      'search(query: $query) {\n    ... on Issue {\n      title\n    }\n  }',
    );
    const bad = addFieldToQuery(schema, 'query {', path);
    expect(bad).toMatchObject({ ok: false });
    expect(!bad.ok && bad.message).toMatch(/^Fix the query first/);
  });
});
