// graphql-language-service runs as Node's CommonJS graphql in tests; build the schema with the
// same copy so its instanceof checks hold (in the browser bundle there is only one copy).
import { Text } from '@codemirror/state';
import { offsetToPos } from 'cm6-graphql';
import { buildSchema } from 'graphql/index.js';
import { getAutocompleteSuggestions, type CompletionItem } from 'graphql-language-service';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldSuggestions } from './field-suggestions';

const schema = buildSchema(`
  type Query { currentUser: User, node(id: ID!): Node, search(query: String): [Result!]!, old: Int @deprecated(reason: "gone") }
  interface Node { id: ID! }
  type User implements Node { id: ID!, username: String!, emails: [Email!]!, displayName: String @deprecated, organizations(first: Int): [Org!]! }
  type Org implements Node { id: ID!, name: String!, members: [User!]! }
  type Email { email: String!, verified: Boolean, thisFieldNameIsLongerThanTheDistanceRowsFirstHoldSoTheyGrowForIt: Int }
  union Result = User | Org
`);

const DOCUMENTS = [
  '{ currentUser { id username } }',
  '{ cu',
  '{\n  currentUser {\n    em\n  }\n}',
  '{\n  currentUser {\n\n  }\n  sea\n}',
  'query Q($id: ID!) {\n  node(id: $id) {\n    ... on User { username }\n    ...F\n  }\n}\nfragment F on Org { na }',
  '{ search(query: "a { b") { __typename ... on Org { members { displayN } } } }',
  '# a comment { with braces\n{ currentUser { organizations(first: 2) { name } } }',
  'mutation { currentUser { id } }',
  '{ currentUser { ...on User { id } } }',
  'type Extra { a: Int }\nextend type Query { b: Int }',
  '"""\nblock { string\n"""\n{ currentUser { i } }',
  '{ alias: currentUser { u',
  // An empty line: the language service filters by the document's last token (`email`).
  '{\n  currentUser {\n\n  }\n}\n# email',
];

/** The same document with a different parent field of the same length above the cursor. */
const variant = (doc: string) => doc.replaceAll('currentUser', 'search(q:1)');

const shape = (items: CompletionItem[]) =>
  items.map((i) => [i.label, i.detail, i.documentation, i.isDeprecated, String(i.type)]);

describe('fieldSuggestions: the language service’s field names, faster', () => {
  it('lists exactly what getAutocompleteSuggestions lists, at every position of every document', () => {
    let fieldPositions = 0;
    // One pass in order, then the same positions backwards: the kept line-start state must
    // never leak from one document or position into another.
    const cases = DOCUMENTS.flatMap((doc) =>
      Array.from({ length: doc.length + 1 }, (_, pos) => ({ doc, pos })),
    );
    // Each position is asked in the document and then in its variant, whose lines before the
    // cursor's have the same lengths but other text.
    for (const { doc, pos } of [...cases, ...cases.reverse()])
      for (const d of [doc, variant(doc)]) {
        const text = Text.of(d.split('\n'));
        const fast = fieldSuggestions(schema, text, pos);
        if (fast === undefined) continue;
        fieldPositions++;
        const expected = getAutocompleteSuggestions(schema, d, offsetToPos(text, pos));
        expect(shape(fast), `${JSON.stringify(d)} at ${pos}`).toEqual(shape(expected));
      }
    expect(fieldPositions).toBeGreaterThan(200);
  });

  it('answers after an edit above the cursor with the new text, not the kept state', () => {
    const before = '{\n  currentUser {\n    u\n  }\n}';
    const after = '{\n  node(id: 1) {\n    u\n  }\n}';
    const pos = before.indexOf('u\n', 10) + 1;
    expect(fieldSuggestions(schema, Text.of(before.split('\n')), pos)?.[0]?.label).toBe('username');
    const afterPos = pos;
    const labels = fieldSuggestions(schema, Text.of(after.split('\n')), afterPos)?.map(
      (i) => i.label,
    );
    expect(labels).toEqual(
      shape(
        getAutocompleteSuggestions(
          schema,
          after,
          offsetToPos(Text.of(after.split('\n')), afterPos),
        ),
      ).map((s) => s[0]),
    );
    expect(labels).not.toContain('username');
  });

  it('ranks any typed word as the language service does (typos, transpositions, long names)', () => {
    const letters = fc.constantFrom(...'emailvrfdthisFongDR_'.split(''));
    fc.assert(
      fc.property(fc.array(letters, { minLength: 1, maxLength: 12 }), (chars) => {
        const doc = `{ currentUser { emails { ${chars.join('')}`;
        const text = Text.of([doc]);
        const fast = fieldSuggestions(schema, text, doc.length);
        const expected = getAutocompleteSuggestions(schema, doc, offsetToPos(text, doc.length));
        expect(shape(fast ?? [])).toEqual(shape(expected));
      }),
      // The long name's distance needs rows longer than the first ones; a transposition.
      { numRuns: 300, examples: [[['t']], [['t', 'i', 'h', 's']], [['v', 'e', 'i', 'r']]] },
    );
  });

  it('leaves other positions (arguments, values, directives, top level) to the language service', () => {
    for (const [doc, at] of [
      ['{ search(q', 10],
      ['{ search(query: ', 16],
      ['{ currentUser @', 15],
      ['que', 3],
    ] as const)
      expect(fieldSuggestions(schema, Text.of([doc]), at)).toBeUndefined();
  });
});
