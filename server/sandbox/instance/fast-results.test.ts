import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFastPathThreshold } from './fast-results.ts';
import { startTestInstance, type TestInstance } from './instance.test-helpers.ts';

const QUERIES: [string, string, Record<string, unknown> | undefined, boolean][] = [
  [
    'the bench selection',
    '{ search(query: "count:300 func") { results { results { ... on FileMatch { file { path content } lineMatches { preview lineNumber offsetAndLengths } } } } } }',
    undefined,
    true,
  ],
  [
    'aliases, __typename, merged fields, fragments, repository matches',
    `query Q($q: String!) { s: search(query: $q) { results { matchCount results { __typename
       ...F ... on FileMatch { file { p: path byteSize } limitHit revSpec }
       ... on Repository { name stars isFork } ... on SearchResult { __typename } } } } }
     fragment F on FileMatch { file { name url isDirectory binary } repository { id name uri language }
       lineMatches { lineNumber } }`,
    { q: 'count:200 router' },
    true,
  ],
  [
    'a field with arguments falls back to graphql-js',
    '{ search(query: "count:50 func") { results { results { ... on FileMatch { file { path commit { oid } } } } } } }',
    undefined,
    false,
  ],
  [
    'a directive falls back to graphql-js',
    'query($x: Boolean = true) { search(query: "count:50 func") { results { results { ... on FileMatch { file { path @include(if: $x) } } } } } }',
    undefined,
    false,
  ],
];

describe('fast path for big search results', () => {
  let inst: TestInstance;
  beforeAll(async () => {
    inst = await startTestInstance();
  });
  afterAll(async () => {
    setFastPathThreshold(1000);
    await inst.close();
  });

  it.each(QUERIES)(
    'matches graphql-js byte for byte: %s',
    async (_name, query, variables, streamed) => {
      const headers = { Authorization: `token ${inst.tokens.user}` };
      setFastPathThreshold(Number.POSITIVE_INFINITY);
      const slow = await inst.gql(query, { headers, variables });
      setFastPathThreshold(1);
      const fast = await inst.gql(query, { headers, variables });
      expect(slow.status).toBe(200);
      expect(JSON.parse(slow.text).errors).toBeUndefined();
      expect(fast.text).toBe(slow.text);
      // Streamed (chunked) only when the fast path took it.
      expect(fast.headers.get('content-length') === null).toBe(streamed);
    },
  );

  it('is used for big results and streams valid JSON', async () => {
    setFastPathThreshold(1000);
    const r = await inst.gql(
      '{ search(query: "count:3000 func") { results { limitHit results { ... on FileMatch { file { path } } } } } }',
      { headers: { Authorization: `token ${inst.tokens.user}` } },
    );
    expect(r.headers.get('content-length')).toBeNull();
    const data = JSON.parse(r.text).data.search.results;
    expect(data.results).toHaveLength(3000);
    expect(data.limitHit).toBe(true);
  });
});
