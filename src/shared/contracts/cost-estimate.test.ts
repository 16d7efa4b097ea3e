import { describe, expect, it } from 'vitest';
import { getIntrospectionQuery } from 'graphql';
import { estimateQueryCost, nestingDepth } from './cost-estimate.ts';
import {
  DEFAULT_COST_LIMITS,
  checkCostLimits,
  type CostEstimate,
  type QueryCost,
} from './cost-limits.ts';

function cost(query: string, variables?: Record<string, unknown>): QueryCost {
  const r = estimateQueryCost(query, variables);
  if (!r.ok) throw new Error(`estimate failed: ${r.error}`);
  return r.cost;
}

function tuple(c: QueryCost): number[] {
  return [c.fieldCount, c.maxDepth, c.aliasCount, c.highestDuplicateFieldCount, c.uniqueFieldCount];
}

const CONSOLE_DEFAULT = `# Type queries here, with completion, validation, and hovers.
#
# Here's an example query to get you started:

query {
  currentUser {
    username
  }
  repositories(first: 1) {
    nodes {
      name
    }
  }
}`;

describe('estimateQueryCost: worked examples', () => {
  it.each([
    ['console default query', CONSOLE_DEFAULT, undefined, [4, 3, 0, 0, 5]],
    [
      'search with a non-null variable',
      'query($query:String!){search(query:$query){results{matchCount}}}',
      { query: 'Router' },
      [3, 3, 0, 0, 3],
    ],
    [
      'supplied variable beats the default',
      'query($n:Int=50){repositories(first:$n){nodes{name}}}',
      { n: 200 },
      [201, 3, 0, 0, 3],
    ],
    [
      'nested first multiplies',
      '{repositories(first:1000){nodes{name commit(rev:"HEAD"){ancestors(first:1000){nodes{oid}}}}}}',
      undefined,
      [1003001, 6, 0, 2, 6],
    ],
    [
      'aliases and duplicates',
      '{a:currentUser{username} b:currentUser{username} c:currentUser{username}}',
      undefined,
      [6, 2, 3, 3, 2],
    ],
    ['graphql-js IntrospectionQuery', getIntrospectionQuery(), undefined, [220, 4, 0, 10, 21]],
  ])('%s', (_name, query, variables, expected) => {
    expect(tuple(cost(query, variables))).toEqual(expected);
  });

  it('flags the 1,003,001 query over the default field count limit only', () => {
    const c = cost(
      '{repositories(first:1000){nodes{name commit(rev:"HEAD"){ancestors(first:1000){nodes{oid}}}}}}',
    );
    expect(checkCostLimits(c, DEFAULT_COST_LIMITS)).toEqual([
      {
        kind: 'field count',
        actual: 1003001,
        limit: 500000,
        message: 'Query exceeds maximum field count limit',
      },
    ]);
  });
});

describe('estimateQueryCost: quirks', () => {
  it('the popped limit multiplies the next sibling (202, not 103)', () => {
    expect(
      cost('{ repositories(first: 100) { nodes { name } } currentUser { username } }').fieldCount,
    ).toBe(202);
  });

  it('a first on a leaf field stays pending for the next selection set', () => {
    expect(cost('{ a(first: 3) b { c } }').fieldCount).toBe(1 + 1 + 3);
  });

  it('does not count nodes and __typename but counts their children and names', () => {
    const c = cost('{ users(first: 2) { __typename nodes { username } } }');
    expect(c.fieldCount).toBe(1 + 2);
    expect(c.uniqueFieldCount).toBe(4);
  });

  it('ignores first/last values <= 0', () => {
    expect(cost('{ users(first: 0) { nodes { username } } }').fieldCount).toBe(2);
    expect(cost('{ users(last: -5) { nodes { username } } }').fieldCount).toBe(2);
  });

  it('uses last like first', () => {
    expect(cost('{ users(last: 7) { nodes { username } } }').fieldCount).toBe(8);
  });

  it('floors fieldCount and maxDepth at 1', () => {
    expect(tuple(cost('fragment F on User { username }'))).toEqual([1, 1, 0, 0, 0]);
  });

  it('sums field count, aliases and unique over operations; max for depth and duplicates', () => {
    const c = cost(
      'query A { x: currentUser { username } } query B { users { nodes { username } } }',
    );
    expect(tuple(c)).toEqual([2 + 2, 3, 1, 0, 2 + 3]);
  });
});

describe('estimateQueryCost: variables', () => {
  const q = 'query($n:Int=5){users(first:$n){nodes{username}}}';
  it('uses an integer default when nothing is supplied', () => {
    expect(cost(q).fieldCount).toBe(6);
  });
  it('accepts a string that parses as an integer, and truncates numbers', () => {
    expect(cost(q, { n: '7' }).fieldCount).toBe(8);
    expect(cost(q, { n: 9.9 }).fieldCount).toBe(10);
  });
  it('multiplies by 1 for a nullable variable without default', () => {
    expect(cost('query($n:Int){users(first:$n){nodes{username}}}').fieldCount).toBe(2);
  });
  it('fails on a missing non-null variable', () => {
    expect(estimateQueryCost('query($n:Int!){users(first:$n){nodes{username}}}')).toEqual({
      ok: false,
      error: 'missing nonnull variable: "n"',
    });
  });
});

describe('estimateQueryCost: fragments', () => {
  it('adds a named fragment times the multiplier, whatever the definition order', () => {
    const c = cost(
      'query { users(first: 10) { nodes { ...A } } } fragment A on User { ...B displayName } fragment B on User { username url }',
    );
    // users 1; A = B(2) + displayName(1) = 3, times 10
    expect(c.fieldCount).toBe(1 + 30);
    expect(c.maxDepth).toBe(3);
    // unique = max(spread uniques (A: max(2 from B, 2 names)=2), names {users,nodes}=2)
    expect(c.uniqueFieldCount).toBe(2);
  });

  it('takes aliases and duplicates from spread fragments', () => {
    const c = cost(
      '{ currentUser { ...F } } fragment F on User { a: username b: username c: username }',
    );
    expect(c.aliasCount).toBe(3);
    expect(c.highestDuplicateFieldCount).toBe(3);
  });

  it('fails on an unknown fragment', () => {
    expect(estimateQueryCost('{ currentUser { ...Nope } }')).toEqual({
      ok: false,
      error: 'unknown fragment "Nope"',
    });
  });

  it('detects a fragment cycle instead of hanging', () => {
    const r = estimateQueryCost(
      'fragment A on U { ...B } fragment B on U { ...A } { currentUser { ...A } }',
    );
    expect(r.ok).toBe(false);
    expect((r as Extract<CostEstimate, { ok: false }>).error).toMatch(/fragment cycle/);
    expect(estimateQueryCost('fragment A on U { x ...A } { ...A }').ok).toBe(false);
  });
});

describe('estimateQueryCost: inline fragments', () => {
  const search = `{ search(query: "x") { results { results {
    ... on FileMatch { file { path } lineMatches { preview } }
    ... on Repository { name }
  } } } }`;

  it('adds only the largest inline fragment', () => {
    const c = cost(search);
    expect(tuple(c)).toEqual([3 + 4, 6, 0, 2, 7]);
  });

  it('multiplies the inline fragment by the enclosing limit', () => {
    expect(
      cost('{ repositories(first: 10) { nodes { ... on Repository { name } } } }').fieldCount,
    ).toBe(11);
  });

  it('counts fragment spreads inside inline fragments', () => {
    const c = cost(
      '{ node(id: "x") { ... on User { ...U } } } fragment U on User { username url }',
    );
    // node 1; inline sub-walk = spread 2; outer spread inside inline adds 2 as well
    expect(c.fieldCount).toBe(1 + 2 + 2);
  });

  it('fails on an inline fragment without type condition', () => {
    expect(estimateQueryCost('{ currentUser { ... { username } } }').ok).toBe(false);
  });

  it('stays linear on deeply nested inline fragments', () => {
    const depth = 200;
    const q =
      '{ node(id: "x") ' +
      '{ ... on User '.repeat(depth) +
      '{ username }' +
      ' }'.repeat(depth) +
      ' }';
    const r = estimateQueryCost(q);
    expect(r.ok).toBe(true);
  });
});

describe('estimateQueryCost: hostile input', () => {
  it('measures deep nesting and reports the depth', () => {
    const q = '{' + 'a{'.repeat(39) + 'b' + '}'.repeat(40);
    const c = cost(q);
    expect(c.maxDepth).toBe(40);
    expect(checkCostLimits(c, DEFAULT_COST_LIMITS).map((v) => v.kind)).toEqual(['query depth']);
  });

  it('refuses a query nested 10,000 levels deep without parsing it', () => {
    const q = '{' + 'a{'.repeat(9999) + 'b' + '}'.repeat(10000);
    expect(nestingDepth(q)).toBe(10000);
    const r = estimateQueryCost(q);
    expect(r.ok).toBe(false);
  });

  it('ignores brackets inside strings and comments when measuring nesting', () => {
    expect(nestingDepth('{ a(s: "{{{[[(") # {{{{\n b(t: """ {{{ \\""" {{ """) }')).toBe(2);
  });

  it('reports a syntax error as a failed estimate', () => {
    expect(estimateQueryCost('invalid').ok).toBe(false);
  });
});

describe('estimateQueryCost: hotspot', () => {
  it('names the top-level field that adds most, with its position', () => {
    const r = estimateQueryCost(
      '{\n  currentUser { username }\n  repositories(first: 50) { nodes { name } }\n}',
    );
    expect(r.ok && r.hotspot).toEqual({ name: 'repositories', fieldCount: 51, line: 3, column: 3 });
  });
});

describe('checkCostLimits', () => {
  const c: QueryCost = {
    fieldCount: 5,
    maxDepth: 4,
    aliasCount: 3,
    highestDuplicateFieldCount: 2,
    uniqueFieldCount: 6,
  };
  it('reports every exceeded limit in the instance order; 0 is a real limit', () => {
    const zero = {
      graphQLMaxAliases: 0,
      graphQLMaxDepth: 0,
      graphQLMaxFieldCount: 0,
      graphQLMaxDuplicateFieldCount: 0,
      graphQLMaxUniqueFieldCount: 0,
    };
    expect(checkCostLimits(c, zero).map((v) => [v.kind, v.actual, v.limit])).toEqual([
      ['alias count', 3, 0],
      ['field count', 5, 0],
      ['query depth', 4, 0],
      ['duplicate field count', 2, 0],
      ['unique field count', 6, 0],
    ]);
  });
  it('treats actual == limit as within the limit', () => {
    expect(
      checkCostLimits(c, {
        graphQLMaxAliases: 3,
        graphQLMaxDepth: 4,
        graphQLMaxFieldCount: 5,
        graphQLMaxDuplicateFieldCount: 2,
        graphQLMaxUniqueFieldCount: 6,
      }),
    ).toEqual([]);
  });
});

describe('estimateQueryCost: never throws', () => {
  it('returns a result for arbitrary text and for bracket soup', async () => {
    const fc = await import('fast-check');
    const soup = fc.array(
      fc.constantFrom(
        '{',
        '}',
        '(',
        ')',
        '[',
        ']',
        'a',
        ' ',
        ':',
        '$v',
        '...',
        'on T',
        'fragment F on T',
        '"',
        '#',
        '\n',
        'first:',
        '5',
      ),
      { maxLength: 200 },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          soup.map((p) => p.join('')),
        ),
        (q) => {
          const r = estimateQueryCost(q, { v: 3 });
          expect(typeof r.ok).toBe('boolean');
        },
      ),
      { numRuns: 2000 },
    );
  });
});
