import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestInstance, type TestInstance } from './instance.test-helpers.ts';

/**
 * The search output is pinned: the same query gives the same bytes (the benchmarks, the e2e
 * tests and anyone comparing runs rely on it), whichever way it is produced (graphql-js, the
 * fast path in fast-results.ts, a cached answer). A change to the generated data or to its
 * serialization shows here; update the digests only for a change made on purpose.
 */

const BENCH_SELECTION =
  'results { results { ... on FileMatch { file { path content } lineMatches { preview lineNumber offsetAndLengths } } } }';

const RICH_SELECTION = `results { matchCount limitHit results { __typename
  ... on FileMatch { file { name byteSize url } repository { name stars language } limitHit
    lineMatches { lineNumber offsetAndLengths preview } }
  ... on Repository { name isFork } } }`;

const PINNED: [string, string, string, number][] = [
  [
    'the bench selection, 1,500 results (fast path)',
    `{ search(query: "count:1500 func") { ${BENCH_SELECTION} } }`,
    '11fbc596575d3a0c60d85b374d013c2c0943c6d89f701917e0e63086d7fa329f',
    1177800,
  ],
  [
    'the bench selection, 40 results (graphql-js)',
    `{ search(query: "count:40 func") { ${BENCH_SELECTION} } }`,
    '8abddc9f7ab5d2fedee305661091fd49cb6bfd57db7e61f7f01ec999b57260da',
    28407,
  ],
  [
    'filters, a regexp, repositories among the results (fast path)',
    `{ search(query: "count:1200 -repo:gitlab patternType:regexp (router|cache)\\\\w*") { ${RICH_SELECTION} } }`,
    '70479df178d61268854b9d8b2823a04467de9da2d8994eaaa01f6c3fe3f35c1d',
    597822,
  ],
  [
    'a language filter, case-sensitive (graphql-js)',
    `{ search(query: "count:60 lang:go case:yes Server") { ${RICH_SELECTION} } }`,
    'c0564df322931d0f1f6017dff6e42bf052bf2dfb47cb43eab1068cf7bedc9570',
    26328,
  ],
];

let inst: TestInstance;
beforeAll(async () => {
  inst = await startTestInstance();
});
afterAll(() => inst.close());

describe('search output', () => {
  it.each(PINNED)('is pinned: %s', async (_name, query, digest, length) => {
    const auth = { headers: { Authorization: `token ${inst.tokens.user}` } };
    // Twice: a repeated search (cached or not) answers the same bytes.
    for (let i = 0; i < 2; i++) {
      const r = await inst.gql(query, auth);
      expect(r.status).toBe(200);
      expect(JSON.parse(r.text).errors).toBeUndefined();
      expect([createHash('sha256').update(r.text).digest('hex'), r.text.length]).toEqual([
        digest,
        length,
      ]);
    }
  });
});
