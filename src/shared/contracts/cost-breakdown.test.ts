import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Kind, type FieldNode, type SelectionSetNode } from 'graphql';
import { costBreakdown } from './cost-breakdown.ts';
import { estimateQueryCost } from './cost-estimate.ts';

type Ok = Extract<ReturnType<typeof costBreakdown>, { ok: true }>;

function breakdown(query: string, variables?: Record<string, unknown>): Ok {
  const b = costBreakdown(query, variables);
  if (!b.ok) throw new Error(b.error);
  return b;
}

/** Each field's count by its path of response keys ("a.nodes.b"; a fragment's from its name). */
function byPath(b: Ok): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (set: SelectionSetNode, prefix: string) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const path = prefix + (sel.alias?.value ?? sel.name.value);
        const c = b.fieldCounts.get(sel);
        if (c !== undefined) out[path] = (out[path] ?? 0) + c;
        if (sel.selectionSet) walk(sel.selectionSet, `${path}.`);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet, `${prefix}(${sel.typeCondition?.name.value}).`);
      }
    }
  };
  for (const def of b.document.definitions) {
    if (def.kind === Kind.OPERATION_DEFINITION) walk(def.selectionSet, '');
    if (def.kind === Kind.FRAGMENT_DEFINITION) walk(def.selectionSet, `${def.name.value}:`);
  }
  return out;
}

function topFields(b: Ok): FieldNode[] {
  return b.document.definitions.flatMap((d) =>
    d.kind === Kind.OPERATION_DEFINITION
      ? d.selectionSet.selections.filter((s): s is FieldNode => s.kind === Kind.FIELD)
      : [],
  );
}

describe('costBreakdown', () => {
  it('gives the estimate unchanged', () => {
    const q = '{ a(first: 10) { nodes { b c } } d }';
    const b = breakdown(q);
    const e = estimateQueryCost(q);
    expect(e.ok && b.cost).toEqual(e.ok && e.cost);
  });

  it('counts a field with what it selects, the multiplier included', () => {
    const b = breakdown(
      '{ site { id } users(first: 1000) { nodes { username emails { email } } } }',
    );
    expect(byPath(b)).toEqual({
      site: 2,
      'site.id': 1,
      users: 1 + 1000 * 3,
      'users.nodes': 1000 * 3,
      'users.nodes.username': 1000,
      'users.nodes.emails': 2000,
      'users.nodes.emails.email': 1000,
    });
    expect(b.cost.fieldCount).toBe(3001 + 2);
  });

  it('follows the instance in carrying a limit over to the next sibling (quirk)', () => {
    // The popped 100 multiplies b's selection set too (cost-estimate.test.ts: 202, not 103).
    const b = breakdown('{ a(first: 100) { x } b { y } }');
    expect(byPath(b)).toEqual({ a: 101, 'a.x': 100, b: 101, 'b.y': 100 });
    expect(b.cost.fieldCount).toBe(202);
  });

  it('counts a fragment’s fields once per spread, times the multiplier there', () => {
    const b = breakdown(`
      { a(first: 10) { nodes { ...F } } b(first: 3) { nodes { ...F } } }
      fragment F on User { x y { z } }`);
    const p = byPath(b);
    expect(p['F:x']).toBe(10 + 3);
    expect(p['F:y']).toBe(2 * (10 + 3));
    expect(p['F:y.z']).toBe(10 + 3);
    expect(p.a).toBe(1 + 10 * 3);
    expect(b.cost.fieldCount).toBe(p.a! + p.b!);
  });

  it('counts a fragment spread inside another by both multipliers', () => {
    const b = breakdown(`
      { a(first: 5) { nodes { ...F } } }
      fragment F on User { list(first: 7) { nodes { ...G } } }
      fragment G on Item { leaf }`);
    expect(byPath(b)['G:leaf']).toBe(5 * 7);
    expect(byPath(b)['F:list']).toBe(5 * (1 + 7));
  });

  it('counts only the largest inline fragment, in the fields around it', () => {
    const b = breakdown(`{ search(query: "x") { results { results {
      ... on FileMatch { file { path } lineMatches { preview } }
      ... on Repository { name }
    } } } }`);
    const p = byPath(b);
    expect(p['search.results.results']).toBe(1 + 4);
    expect(p['search.results.results.(FileMatch).file']).toBe(2);
    expect(p['search.results.results.(Repository).name']).toBeUndefined();
    expect(p.search).toBe(b.cost.fieldCount);
  });

  it('multiplies an inline fragment by the limit around it', () => {
    const b = breakdown('{ repositories(first: 10) { nodes { ... on Repository { name } } } }');
    expect(byPath(b)['repositories.nodes.(Repository).name']).toBe(10);
    expect(byPath(b).repositories).toBe(11);
  });

  it('uses supplied variables and defaults as the estimate does', () => {
    const q = 'query($n: Int = 50) { repositories(first: $n) { nodes { name } } }';
    expect(byPath(breakdown(q)).repositories).toBe(51);
    expect(byPath(breakdown(q, { n: 200 })).repositories).toBe(201);
  });

  it('fails as the estimate fails', () => {
    expect(costBreakdown('{ a ').ok).toBe(false);
    expect(costBreakdown('{ ...Missing }').ok).toBe(false);
  });
});

/** Documents whose operations select only fields at the top; anything below. */
const name = fc.constantFrom('a', 'b', 'nodes', '__typename', 'a');
const limit = fc.oneof(
  fc.constant(''),
  fc.integer({ min: -1, max: 50 }).map((n) => `(first: ${n})`),
  fc.constantFrom('(last: 3)', '(first: $n)', '(first: $m)'),
);
const { field } = fc.letrec<{
  selectionSet: string;
  field: string;
  selection: string;
}>((tie) => ({
  field: fc
    .tuple(fc.option(fc.constantFrom('x', 'y')), name, limit, fc.option(tie('selectionSet')))
    .map(([alias, n, l, set]) => `${alias ? `${alias}: ` : ''}${n}${l}${set ?? ''}`),
  selection: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('field'),
    fc.constantFrom('...F', '...G'),
    fc
      .tuple(fc.constantFrom('User', 'Repo', 'F'), tie('selectionSet'))
      .map(([t, s]) => `... on ${t} ${s}`),
  ),
  selectionSet: fc
    .array(tie('selection'), { minLength: 1, maxLength: 4 })
    .map((sels) => `{ ${sels.join(' ')} }`),
}));
const topSet = fc.array(field, { minLength: 1, maxLength: 3 }).map((fs) => `{ ${fs.join(' ')} }`);
const fragmentBody = fc
  .array(field, { minLength: 1, maxLength: 3 })
  .map((fs) => `{ ${fs.join(' ')} }`);
const documentText = fc
  .tuple(
    fc.array(topSet, { minLength: 1, maxLength: 2 }),
    fragmentBody,
    fc.oneof(fragmentBody, fc.constant('{ ...F }')),
  )
  .map(
    ([ops, f, g]) =>
      `${ops.map((s, i) => `query Q${i}($m: Int = 4) ${s}`).join('\n')}\n` +
      `fragment F on User ${f}\nfragment G on User ${g}`,
  );

/**
 * Counts are doubles: exact up to 2^53, and past it a sum's last bits depend on the order of its
 * terms, so there the two figures need only agree to a few ulps.
 */
function expectSameCount(actual: number, expected: number): void {
  if (Math.max(actual, expected) <= Number.MAX_SAFE_INTEGER) {
    expect(actual).toBe(expected);
  } else {
    expect(Math.abs(actual - expected)).toBeLessThanOrEqual(expected * Number.EPSILON * 64);
  }
}

describe('costBreakdown (properties)', () => {
  it('attributes the whole field count to the operations’ top-level fields', () => {
    fc.assert(
      fc.property(documentText, fc.option(fc.integer({ min: 0, max: 9 })), (text, n) => {
        const b = costBreakdown(text, n === null ? {} : { n });
        if (!b.ok) return;
        const sum = topFields(b).reduce((s, f) => s + (b.fieldCounts.get(f) ?? 0), 0);
        expectSameCount(Math.max(1, sum), b.cost.fieldCount);
      }),
      { numRuns: 400 },
    );
  });

  it('adds counts past 2^53 in any order to the same figure, within a double’s rounding', () => {
    // Found by fast-check (seed 1932332667): nested limits give ~1.3e16, where summing the same
    // counts in another order differs in the last bit.
    const text =
      'query Q0($m: Int = 4) { a(first: 6){ ... on User { ... on F { a(last: 3){ ... on User { a{ a(first: 4){ ... on User { ... on User { a(first: 13){ ... on User { a{ a{ a(first: 28){ a(first: $n){ a(first: 48){ a(last: 3) a{ a } a(last: 3) } ... on Repo { a(first: 0) } } } ...F } a } a } } a(first: 0) } a } } a } a(first: 0) } a } } } } a(first: $n){ a(first: 45){ ... on F { a{ a(first: $m) ... on Repo { a(last: 3){ ... on Repo { a } } a(first: 23){ a(first: $m){ ...F } a(last: 3) } a } } a(last: 3) } } a(first: 0){ a(first: 7){ a{ a(first: 0){ a(last: 3){ a(first: 16){ ... on User { ...F } a } } } a(first: 0) } } } } }\nfragment F on User { a(first: 0) }\nfragment G on User { a(first: 0) }';
    const b = breakdown(text, { n: 0 });
    const sum = topFields(b).reduce((s, f) => s + (b.fieldCounts.get(f) ?? 0), 0);
    expect(b.cost.fieldCount).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    expectSameCount(sum, b.cost.fieldCount);
  });

  it('agrees with the estimator’s hotspot on the top-level field that adds most', () => {
    fc.assert(
      fc.property(documentText, (text) => {
        const e = estimateQueryCost(text);
        const b = costBreakdown(text);
        if (!e.ok || !b.ok) return;
        const most = Math.max(0, ...topFields(b).map((f) => b.fieldCounts.get(f) ?? 0));
        expectSameCount(e.hotspot?.fieldCount ?? 0, most);
      }),
      { numRuns: 400 },
    );
  });

  it('never changes the estimate', () => {
    fc.assert(
      fc.property(documentText, fc.option(fc.integer({ min: 0, max: 9 })), (text, n) => {
        const vars = n === null ? {} : { n };
        const b = costBreakdown(text, vars);
        const e = estimateQueryCost(text, vars);
        expect(b.ok ? b.cost : b.error).toEqual(e.ok ? e.cost : e.error);
      }),
      { numRuns: 200 },
    );
  });
});
