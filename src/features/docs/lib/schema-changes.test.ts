import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { diffSchemas } from './schema-changes.ts';

const before = buildSchema(`
  type Query { repo(name: String!): Repo, old: Int }
  type Repo { id: ID! name: String! url: String }
  enum State { OPEN CLOSED }
  input Filter { q: String }
`);
const after = buildSchema(`
  type Query { repo(name: String!, first: Int): Repo, fresh: String }
  type Repo { id: ID! name: Int! url: String @deprecated(reason: "Use link.") link: String, state: State }
  enum State { OPEN CLOSED MERGED }
  input Filter { q: String, limit: Int! }
  type Added { x: Int }
`);

describe('diffSchemas', () => {
  const changes = diffSchemas(before, after);
  const find = (kind: string) => changes.filter((c) => c.kind === kind);

  it('lists breaking changes with the type and field to open', () => {
    expect(find('FIELD_REMOVED')).toEqual([
      {
        severity: 'breaking',
        kind: 'FIELD_REMOVED',
        description: 'Query.old was removed.',
        type: 'Query',
        field: 'old',
      },
    ]);
    expect(find('FIELD_CHANGED_KIND')[0]).toMatchObject({
      severity: 'breaking',
      type: 'Repo',
      field: 'name',
    });
    expect(find('REQUIRED_INPUT_FIELD_ADDED')[0]).toMatchObject({
      severity: 'breaking',
      type: 'Filter',
    });
  });

  it('lists dangerous changes', () => {
    expect(find('VALUE_ADDED_TO_ENUM')[0]).toMatchObject({ severity: 'dangerous', type: 'State' });
    expect(find('OPTIONAL_ARG_ADDED')[0]).toMatchObject({
      severity: 'dangerous',
      type: 'Query',
      field: 'repo',
    });
  });

  it('adds safe additions and deprecations', () => {
    expect(find('TYPE_ADDED')).toEqual([
      { severity: 'safe', kind: 'TYPE_ADDED', description: 'Added was added.', type: 'Added' },
    ]);
    expect(
      find('FIELD_ADDED')
        .map((c) => `${c.type}.${c.field}`)
        .sort(),
    ).toEqual(['Query.fresh', 'Repo.link', 'Repo.state']);
    expect(find('FIELD_DEPRECATED')[0]).toMatchObject({
      type: 'Repo',
      field: 'url',
      description: 'Repo.url was deprecated: Use link.',
    });
  });

  it('orders breaking, dangerous, safe; identical schemas give nothing', () => {
    const order = changes.map((c) => c.severity);
    expect(order.indexOf('safe')).toBeGreaterThan(order.lastIndexOf('dangerous'));
    expect(order.indexOf('dangerous')).toBeGreaterThan(order.lastIndexOf('breaking'));
    expect(diffSchemas(before, before)).toEqual([]);
  });

  it('links removed types only by name and leaves directives unlinked', () => {
    const a = buildSchema('directive @x on FIELD type Query { a: Int } type Gone { b: Int }');
    const b = buildSchema('type Query { a: Int }');
    const c = diffSchemas(a, b);
    expect(c.find((x) => x.kind === 'TYPE_REMOVED')).toMatchObject({ type: 'Gone' });
    expect(c.find((x) => x.kind === 'DIRECTIVE_REMOVED')?.type).toBeUndefined();
  });
});
