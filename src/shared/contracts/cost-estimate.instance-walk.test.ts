/**
 * Corners of the walk that the instance's test table (cost-estimate.oracle.test.ts) does not
 * reach, read from its estimator: sourcegraph/sourcegraph-public-snapshot
 * `cmd/frontend/graphqlbackend/rate_limit.go` (`calcNodeCost`, `extractInt`, `shouldCheckParam`)
 * at commit 03da406817ef52b45b8c691491b501cce46b1c72, walked by graphql-go's visitor (which
 * visits a node's arguments, then its directives, then its selection set). The expected figures
 * are worked out by hand from that code.
 */
import { describe, expect, it } from 'vitest';
import { estimateQueryCost } from './cost-estimate.ts';
import type { QueryCost } from './cost-limits.ts';

function cost(query: string, variables?: Record<string, unknown>): QueryCost {
  const r = estimateQueryCost(query, variables);
  if (!r.ok) throw new Error(`estimate failed: ${r.error}`);
  return r.cost;
}

const USERS = '{users(first:$n){nodes{username}}}';

describe('first/last values', () => {
  it('leaves a literal that is neither an Int nor a variable alone (no case for it upstream)', () => {
    expect(cost('{users(first:"3"){nodes{username}}}').fieldCount).toBe(2);
    expect(cost('{users(last: 2.5){nodes{username}}}').fieldCount).toBe(2);
    // ...and a pending limit stays pending across it.
    expect(cost('{ a(first: 3) b(first: "x") { c } }').fieldCount).toBe(1 + 1 + 3);
  });

  it('fails on a supplied variable of another type (extractInt: unknown limit type)', () => {
    expect(estimateQueryCost(`query($n:Int)${USERS}`, { n: true }).ok).toBe(false);
    expect(estimateQueryCost(`query($n:Int)${USERS}`, { n: [3] }).ok).toBe(false);
  });

  it('takes a variable supplied as null as 0: ignored, with no non-null check and no default', () => {
    expect(cost(`query($n:Int!)${USERS}`, { n: null }).fieldCount).toBe(2);
    expect(cost(`query($n:Int=5)${USERS}`, { n: null }).fieldCount).toBe(2);
    // Ignored like first: 0, so a pending limit stays pending (an absent variable resets it to 1).
    const q = 'query($n:Int){ a(first: 3) b(first: $n) { c } }';
    expect(cost(q, { n: null }).fieldCount).toBe(1 + 1 + 3);
    expect(cost(q, {}).fieldCount).toBe(1 + 1 + 1);
  });

  it('parses a string variable as strconv.Atoi does: sign and digits only', () => {
    expect(cost(`query($n:Int)${USERS}`, { n: '+7' }).fieldCount).toBe(8);
    expect(cost(`query($n:Int)${USERS}`, { n: '-7' }).fieldCount).toBe(2);
    for (const n of [' 7', '7 ', '', '7.0', '0x10', '1_000']) {
      expect(estimateQueryCost(`query($n:Int)${USERS}`, { n }).ok, JSON.stringify(n)).toBe(false);
    }
  });

  it('accepts any int64 and fails past it', () => {
    expect(cost('{ a(first: 9223372036854775807) { b } }').fieldCount).toBe(1 + 2 ** 63);
    expect(estimateQueryCost('{ a(first: 9223372036854775808) { b } }').ok).toBe(false);
    expect(cost('{ a(first: -9223372036854775808) { b } }').fieldCount).toBe(2);
    expect(estimateQueryCost('{ a(first: -9223372036854775809) { b } }').ok).toBe(false);
    expect(estimateQueryCost(`query($n:Int)${USERS}`, { n: '9223372036854775808' }).ok).toBe(false);
  });

  it('looks a variable up among the supplied ones only, not inherited names', () => {
    expect(
      cost('query($constructor:Int=4){users(first:$constructor){nodes{username}}}').fieldCount,
    ).toBe(5);
    expect(
      cost('query($toString:Int){users(first:$toString){nodes{username}}}', {}).fieldCount,
    ).toBe(2);
  });
});

describe('inline fragments', () => {
  const q =
    'query($n: Int = 4) { node(id: "x") { ... on User { f(first: $n) { nodes { username } } } } }';

  it('are costed without the operation’s variable definitions (a default is not used there)', () => {
    // node 1; separate walk of the inline fragment: f 1 + username 1 ($n absent, no default known)
    expect(cost(q).fieldCount).toBe(1 + 2);
  });

  it('use a supplied variable', () => {
    expect(cost(q, { n: 4 }).fieldCount).toBe(1 + (1 + 4));
  });

  it('still fail the estimate on a missing non-null variable (the outer walk sees it)', () => {
    expect(
      estimateQueryCost(
        'query($n: Int!) { node(id: "x") { ... on User { f(first: $n) { nodes { username } } } } }',
        {},
      ),
    ).toEqual({ ok: false, error: 'missing nonnull variable: "n"' });
  });
});

describe('directive arguments named first/last', () => {
  it('count on a field, after its own arguments', () => {
    expect(cost('{ users @d(first: 5) { nodes { username } } }').fieldCount).toBe(1 + 5);
    expect(cost('{ a(first: 2) @d(first: 7) { b } }').fieldCount).toBe(1 + 7);
  });

  it('count on an operation (its top selection set)', () => {
    expect(cost('query @d(first: 3) { a b }').fieldCount).toBe(3 + 3);
  });

  it('count on a fragment definition (its selection set)', () => {
    // F: a 6 + b 6 = 12; x 1
    expect(cost('{ x { ...F } } fragment F on T @d(first: 6) { a { b } }').fieldCount).toBe(13);
  });

  it('count on a fragment spread (after its cost, for the next selection set)', () => {
    // x 1, F 1, y 1, z 4
    expect(cost('{ x { ...F @d(first: 4) y { z } } } fragment F on T { f }').fieldCount).toBe(7);
  });

  it('count on an inline fragment (its selection set in the outer walk)', () => {
    // x 1; the spread inside the inline fragment 1 × 3; the largest inline fragment 1
    expect(cost('{ x { ... on T @d(first: 3) { ...F } } } fragment F on T { f }').fieldCount).toBe(
      1 + 3 + 1,
    );
  });
});
