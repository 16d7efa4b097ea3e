// graphql-language-service runs as Node's CommonJS graphql in tests; build the schema with the
// same copy so its instanceof checks hold (in the browser bundle there is only one copy).
import { CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { graphqlLanguageSupport, stateExtensions } from 'cm6-graphql';
import { buildSchema } from 'graphql/index.js';
import { describe, expect, it } from 'vitest';
import { graphqlCompletion, objectFieldInsert } from './graphql-completion';

const schema = buildSchema(`
  type Query { currentUser: User, user(username: String!): User, search(query: String, kind: Kind): Int }
  type User { id: ID!, username: String!, emails: [Email!]! }
  type Email { email: String! }
  enum Kind { A B }
`);

function complete(doc: string, explicit = false): string[] | null {
  const pos = doc.indexOf('|');
  const text = doc.replace('|', '');
  const state = EditorState.create({
    doc: text,
    selection: { anchor: pos },
    extensions: [graphqlLanguageSupport(), stateExtensions(schema), graphqlCompletion],
  });
  const sources = state.languageDataAt<(c: CompletionContext) => CompletionResult | null>(
    'autocomplete',
    pos,
  );
  const r = sources[0]!(new CompletionContext(state, pos, explicit));
  return r && r.options.map((o) => o.label);
}

describe('completion opens by itself where GraphiQL and Altair open it', () => {
  it.each([
    ['after "{"', '{|}'],
    ['after "{ " (a space in a selection set)', '{ |}'],
    ['after a letter', '{ cu|}'],
  ])('fields %s', (_what, doc) => {
    expect(complete(doc)).toEqual(expect.arrayContaining(['currentUser']));
  });
  it("after a space following a field: the set's other fields", () => {
    expect(complete('{ currentUser { id |} }')).toEqual(expect.arrayContaining(['username']));
  });
  it('after "(": arguments', () => {
    expect(complete('{ search(|) }')).toEqual(['query', 'kind']);
  });
  it('after ":": values', () => {
    expect(complete('{ search(kind:|) }')).toEqual(expect.arrayContaining(['A', 'B']));
  });
  it('after "$": variables', () => {
    expect(complete('query ($k: Kind) { search(kind: $|) }')).toEqual(
      expect.arrayContaining(['$k']),
    );
  });
  it('after "@": directives', () => {
    expect(complete('{ currentUser @|}')).toEqual(expect.arrayContaining(['include', 'skip']));
  });
  it('not after other punctuation or inside a string', () => {
    expect(complete('{ search(query: "a |") }')).toBeNull();
    expect(complete('{ currentUser }|')).toBeNull();
  });
});

describe('objectFieldInsert: a completed object field gets a selection set of its leaf fields', () => {
  it('as GraphiQL: ` {` + leaf fields + `}` at the line indentation, cursor after the last field', () => {
    expect(objectFieldInsert('currentUser', schema.getType('User')!, '  ', false)).toEqual({
      insert: 'currentUser {\n    id\n    username\n  }',
      cursor: 'currentUser {\n    id\n    username'.length,
    });
  });
  it('a field with required arguments: the cursor goes between the parentheses', () => {
    expect(objectFieldInsert('user', schema.getType('User')!, '', true)).toEqual({
      insert: 'user() {\n  id\n  username\n}',
      cursor: 'user('.length,
    });
  });
});
