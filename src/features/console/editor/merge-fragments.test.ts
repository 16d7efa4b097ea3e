import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { mergeFragments } from './merge-fragments';

const schema = buildSchema(`
  type Query { user: User, node: Node }
  interface Node { id: ID! }
  type User implements Node { id: ID!, name: String, friends: [User] }
`);

describe('mergeFragments', () => {
  it('inlines spreads as typed inline fragments and drops the definitions', () => {
    const r = mergeFragments(
      'query { user { ...U } } fragment U on User { name ...V } fragment V on User { id }',
    );
    expect(r).toEqual({
      ok: true,
      changed: true,
      text: '{\n  user {\n    ... on User {\n      name\n      ... on User {\n        id\n      }\n    }\n  }\n}',
    });
  });

  it('with a schema, a fragment on the enclosing type is inlined without a wrapper', () => {
    const r = mergeFragments(
      '{ user { ...U friends { ...U } } node { ...U } } fragment U on User { name }',
      schema,
    );
    expect(r.ok && r.text).toBe(
      '{\n  user {\n    name\n    friends {\n      name\n    }\n  }\n  node {\n    ... on User {\n      name\n    }\n  }\n}',
    );
  });

  it('keeps directives of a spread on the inline fragment', () => {
    const r = mergeFragments(
      '{ user { ...U @include(if: $x) } } fragment U on User { id }',
      schema,
    );
    expect(r.ok && r.text).toContain('... on User @include(if: $x) {');
  });

  it('leaves a document without fragments unchanged (text and comments kept)', () => {
    const q = '# hi\n{ user { id } }';
    expect(mergeFragments(q)).toEqual({ ok: true, text: q, changed: false });
  });

  it.each([
    ['{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }', /cycle: A → B → A/],
    ['{ user { ...Nope } } fragment U on User { id }', /Unknown fragment "Nope"/],
    ['{ user { ', /Syntax Error/],
  ])('reports %s', (q, message) => {
    const r = mergeFragments(q);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });
});
