// graphql-language-service runs as Node's CommonJS graphql in tests; build the schema with the
// same copy so its instanceof checks hold (in the browser bundle there is only one copy).
import { buildSchema } from 'graphql/index.js';
import { describe, expect, it } from 'vitest';
import { hoverInfo } from './hover-info';

const schema = buildSchema(`
  type Query {
    "The user who is signed in."
    currentUser: User
    search(
      "The search query."
      query: String!
      version: SearchVersion = V3
    ): Search
  }
  type User { username: String! }
  type Search { matchCount: Int! }
  "Search syntax versions."
  enum SearchVersion { V2 V3 }
`);

const Q =
  'query Q($q: String!) {\n  currentUser { username }\n  search(query: $q, version: V2) { matchCount }\n}';
const at = (needle: string, delta = 1) => Q.indexOf(needle) + delta;

describe('hoverInfo', () => {
  it.each([
    ['currentUser', 'Query.currentUser: User\n\nThe user who is signed in.'],
    ['username', 'User.username: String!'],
    ['query:', expect.stringMatching(/^Query\.search\(query: String!\)[\s\S]*The search query\.$/)],
    ['V2', 'SearchVersion.V2'],
    ['V2)', 'SearchVersion.V2'], // the hover point is on the last letter
    ['String!)', expect.stringMatching(/^String/)],
  ])('%s', (needle, expected) => {
    expect(hoverInfo(schema, Q, at(needle))).toEqual(expected);
  });

  it('says nothing over punctuation or unknown fields', () => {
    expect(hoverInfo(schema, Q, Q.indexOf('{'))).toBe('');
    expect(hoverInfo(schema, '{ nope }', 3)).toBe('');
  });
});
