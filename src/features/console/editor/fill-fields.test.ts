// graphql-language-service runs as Node's CommonJS graphql in tests; build the schema with the
// same copy so its instanceof checks hold (in the browser bundle there is only one copy).
import { buildSchema } from 'graphql/index.js';
import { describe, expect, it } from 'vitest';
import { planFillAllFields } from './fill-fields';
import { leafFieldNames } from './leaf-fields';

const schema = buildSchema(`
  type Query { currentUser: User, search(query: String): Search, node(id: ID!): Node }
  interface Node { id: ID! }
  type User implements Node {
    id: ID!
    username: String!
    displayName: String
    old: String @deprecated(reason: "gone")
    emails: [Email!]!
    avatar(size: Int!): String
    tags(first: Int = 10): [String!]!
    kind: Kind
  }
  type Email { email: String! }
  enum Kind { A B }
  type Search { results: [Result!]! }
  union Result = User | Email
`);

function fill(doc: string) {
  const offset = doc.indexOf('|');
  const text = doc.replace('|', '');
  const r = planFillAllFields(schema, text, offset);
  if (!r.ok) return r;
  if (!r.plan) return { ok: true, text };
  const p = r.plan;
  const out = text.slice(0, p.from) + p.insert + text.slice(p.to);
  return { ok: true, text: out.slice(0, p.cursor) + '|' + out.slice(p.cursor) };
}

describe('leafFieldNames', () => {
  it('leaf fields without required args, not deprecated, in schema order', () => {
    expect(leafFieldNames(schema.getType('User')!)).toEqual([
      'id',
      'username',
      'displayName',
      'tags',
      'kind',
    ]);
  });
  it('a union (or a type without leaves) gets __typename', () => {
    expect(leafFieldNames(schema.getType('Result')!)).toEqual(['__typename']);
  });
});

describe('planFillAllFields', () => {
  it('an empty selection set gets every leaf field, one per line', () => {
    expect(fill('{\n  currentUser {|}\n}')).toEqual({
      ok: true,
      text: '{\n  currentUser {\n    id\n    username\n    displayName\n    tags\n    kind|\n  }\n}',
    });
  });
  it('keeps what is selected (aliases and nested sets understood) and adds the rest', () => {
    expect(
      fill('{\n  currentUser {\n    name: username\n    emails { email }\n    |\n  }\n}'),
    ).toEqual({
      ok: true,
      text: '{\n  currentUser {\n    name: username\n    emails { email }\n    id\n    displayName\n    tags\n    kind|\n  }\n}',
    });
  });
  it('a one-line set gets its closing brace on a line of its own', () => {
    expect(fill('{ currentUser { id| } }')).toEqual({
      ok: true,
      text: '{ currentUser { id\n  username\n  displayName\n  tags\n  kind|\n} }',
    });
  });
  it('the top-level set is Query', () => {
    const r = fill('{ | }');
    expect(r.ok && 'text' in r ? r.text : '').toContain('__typename');
  });
  it('nothing missing: no change', () => {
    const doc = '{ currentUser { id username displayName tags kind| } }';
    expect(fill(doc)).toEqual({ ok: true, text: doc.replace('|', '') });
  });
  it('outside any selection set: a message saying where to put the cursor', () => {
    const r = planFillAllFields(schema, 'query Q |{ a }', 8);
    expect(r).toEqual({ ok: false, message: expect.stringMatching(/inside a selection set/) });
  });
  it('braces inside strings and comments do not count', () => {
    expect(
      fill('{\n  search(query: "{") {\n    # }\n    results { ... on User {|} }\n  }\n}'),
    ).toEqual({
      ok: true,
      text: '{\n  search(query: "{") {\n    # }\n    results { ... on User {\n      id\n      username\n      displayName\n      tags\n      kind|\n    } }\n  }\n}',
    });
  });
  it('without a schema: says to connect', () => {
    expect(planFillAllFields(undefined, '{ }', 1)).toEqual({
      ok: false,
      message: expect.stringMatching(/connect/),
    });
  });
});
