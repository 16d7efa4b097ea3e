import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse, print } from 'graphql';
import { estimateQueryCost } from '../../../shared/contracts/cost-estimate.ts';
import { DEFAULT_COST_LIMITS, type CostLimits } from '../../../shared/contracts/cost-limits.ts';
import { costHints, type CostFix, type CostHint } from './cost-hints';

const limits = (fieldCount: number, more: Partial<CostLimits> = {}): CostLimits => ({
  ...DEFAULT_COST_LIMITS,
  graphQLMaxFieldCount: fieldCount,
  ...more,
});

function fieldCount(query: string, vars: Record<string, unknown> = {}): number {
  const e = estimateQueryCost(query, vars);
  if (!e.ok) throw new Error(e.error);
  return e.cost.fieldCount;
}

function applyFix(query: string, fix: CostFix | undefined, insert?: string): string {
  if (fix?.kind !== 'query') throw new Error(`not a query fix: ${JSON.stringify(fix)}`);
  return query.slice(0, fix.from) + (insert ?? fix.insert) + query.slice(fix.to);
}

/** The value a `first:` fix sets, and the query with the next larger value instead. */
function nextLarger(query: string, fix: CostFix | undefined): string {
  const n = Number(fix?.kind === 'query' && fix.insert);
  expect(Number.isInteger(n) && n > 0).toBe(true);
  return applyFix(query, fix, String(n + 1));
}

const at = (query: string, h: CostHint) => query.slice(h.from, h.to);

describe('costHints: when', () => {
  it('says nothing about an ordinary query', () => {
    const q = '{ currentUser { username } repositories(first: 1) { nodes { name } } }';
    expect(costHints(q, {}, DEFAULT_COST_LIMITS)).toEqual([]);
  });

  it('says nothing under half of every limit, and starts at half', () => {
    const q = '{ users(first: 249) { nodes { username email } } }'; // 1 + 249 * 2 = 499
    expect(fieldCount(q)).toBe(499);
    expect(costHints(q, {}, limits(1000))).toEqual([]);
    const near = q.replace('249', '250'); // 501
    expect(costHints(near, {}, limits(1000))).toHaveLength(1);
  });

  it('says nothing when the query cannot be estimated', () => {
    expect(costHints('{ users(first: 1000) { ', {}, limits(10))).toEqual([]);
  });
});

describe('costHints: the fields that drive the field count', () => {
  const q = `{
  users(first: 100) { nodes { username } }
  repositories(first: 200) { nodes { name } }
  site { id }
}`;

  it('marks each driver with its share of the estimator’s total (info when near)', () => {
    const total = fieldCount(q); // 101 + 201 + the leaked 200 on site: 201
    expect(total).toBe(101 + 201 + 201);
    const hints = costHints(q, {}, limits(800));
    expect(hints.map((h) => [at(q, h), h.severity])).toEqual([
      ['users', 'info'],
      ['repositories', 'info'],
    ]);
    expect(hints[0]!.message).toBe(
      'users: 20 % of the field count (101 of 503). ' +
        'The query is at 63 % of the field count limit (800).',
    );
    expect(hints[1]!.message).toMatch(/^repositories: 40 % of the field count \(201 of 503\)/);
    expect(hints.every((h) => h.fix === undefined)).toBe(true);
  });

  it('over the limit: a warning, and first lowered to the largest value that fits', () => {
    const hints = costHints(q, {}, limits(400));
    const repos = hints.find((h) => at(q, h) === 'repositories')!;
    expect(repos.severity).toBe('warning');
    expect(repos.message).toContain(
      'The field count is over the limit (400): the instance will refuse this query.',
    );
    const fixed = applyFix(q, repos.fix);
    const n = Number(/repositories\(first: (\d+)\)/.exec(fixed)?.[1]);
    expect(repos.fix?.label).toBe(`Lower first to ${n}`);
    expect(repos.message).toContain(`first: ${n} is the largest value that fits.`);
    expect(fieldCount(fixed)).toBeLessThanOrEqual(400);
    expect(fieldCount(nextLarger(q, repos.fix))).toBeGreaterThan(400);
  });

  it('offers no first when even 1 does not fit', () => {
    const hints = costHints(q, {}, limits(100));
    const users = hints.find((h) => at(q, h) === 'users')!;
    expect(users.fix).toBeUndefined();
    expect(users.message).toContain('Even first: 1 is over the limit.');
  });

  it('lowers the inner of two nested limits as well as the outer', () => {
    const nested =
      '{repositories(first:1000){nodes{name commit(rev:"HEAD"){ancestors(first:1000){nodes{oid}}}}}}';
    const hints = costHints(nested, {}, DEFAULT_COST_LIMITS);
    expect(hints.map((h) => at(nested, h))).toEqual(['repositories', 'ancestors']);
    for (const h of hints) {
      const fixed = applyFix(nested, h.fix);
      expect(fieldCount(fixed)).toBeLessThanOrEqual(500_000);
      expect(fieldCount(nextLarger(nested, h.fix))).toBeGreaterThan(500_000);
    }
  });

  it('a first from Variables: sets the variable there', () => {
    const v = 'query($n: Int) { users(first: $n) { nodes { username email } } }';
    const [h] = costHints(v, { n: 1000 }, limits(1000));
    expect(h?.fix).toEqual({
      label: 'Set $n to 499 in Variables',
      kind: 'variable',
      name: 'n',
      value: 499,
    });
    expect(h?.message).toContain('first is $n (1,000 in Variables); 499 is the largest');
    expect(fieldCount(v, { n: 499 })).toBeLessThanOrEqual(1000);
    expect(fieldCount(v, { n: 500 })).toBeGreaterThan(1000);
  });

  it('a first from a variable’s default: lowers the default', () => {
    const v = 'query($n: Int = 1000) { users(first: $n) { nodes { username email } } }';
    const [h] = costHints(v, {}, limits(1000));
    expect(h?.fix?.label).toBe('Set the default of $n to 499');
    const fixed = applyFix(v, h?.fix);
    expect(fixed).toBe('query($n: Int = 499) { users(first: $n) { nodes { username email } } }');
  });

  it('names the largest fields when the count is spread over many, each under a tenth', () => {
    const many = `{ ${Array.from({ length: 20 }, (_, i) => `c${i}: users(first: ${100 + i}) { nodes { username } }`).join(' ')} }`;
    const hints = costHints(many, {}, limits(2500));
    expect(hints.map((h) => at(many, h))).toEqual([
      'c15: users',
      'c16: users',
      'c17: users',
      'c18: users',
      'c19: users',
    ]);
    expect(hints[4]?.message).toMatch(/^c19 \(users\): 5 % of the field count \(120 of 2,210\)/);
  });

  it('names the top-level fields when no field has a limit', () => {
    const wide = `{ a { ${Array.from({ length: 30 }, (_, i) => `x${i}`).join(' ')} } b { y } }`;
    const hints = costHints(wide, {}, limits(40));
    expect(hints.map((h) => at(wide, h))).toEqual(['a']);
    expect(hints[0]?.message).toMatch(/^a: 94 % of the field count \(31 of 33\)/);
  });
});

describe('costHints: duplicate fields', () => {
  const q = `{
  users(first: 100) {
    nodes {
      username
      email
      username
    }
  }
}`;

  it('removes the copy, which changes nothing but the estimate', () => {
    const hints = costHints(q, {}, limits(250));
    const dup = hints.find((h) => h.fix?.label === 'Remove duplicate username')!;
    expect(dup.severity).toBe('warning');
    expect(dup.from).toBe(q.lastIndexOf('username'));
    expect(dup.message).toContain('the copy adds 100 to the field count');
    const fixed = applyFix(q, dup.fix);
    expect(fixed).toBe(q.replace('\n      username\n    }', '\n    }'));
    expect(fieldCount(fixed)).toBe(fieldCount(q) - 100);
    expect(print(parse(fixed))).toBe(
      print(parse('{ users(first: 100) { nodes { username email } } }')),
    );
  });

  it('leaves alone a field selected twice with other arguments or fields', () => {
    const other =
      '{ users(first: 300) { nodes { a: username b: username emails { email } emails { verified } } } }';
    const hints = costHints(other, {}, limits(1000));
    expect(hints.some((h) => h.fix?.label.startsWith('Remove'))).toBe(false);
  });

  it('names the field behind the duplicate field count', () => {
    const many = `{ ${Array.from({ length: 6 }, (_, i) => `f${i}: user { id }`).join(' ')} }`;
    const hints = costHints(many, {}, limits(100_000, { graphQLMaxDuplicateFieldCount: 5 }));
    const h = hints.find((h) => h.message.startsWith('user occurs'))!;
    expect(h.message).toBe(
      'user occurs 6 times in this operation (at any depth), over the duplicate field limit ' +
        '(5): the instance will refuse this query.',
    );
    expect(h.from).toBe(many.indexOf('f0'));
  });
});

describe('costHints: the first: fix (property)', () => {
  it('fits exactly for any two connections and limit (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 2, max: 200_000 }),
        (a, b, limit) => {
          const q = `{ a(first: ${a}) { nodes { x y } } b(first: ${b}) { nodes { ... on T { z } } } }`;
          for (const h of costHints(q, {}, limits(limit))) {
            if (!h.fix) continue;
            const fixed = applyFix(q, h.fix);
            expect(fieldCount(fixed)).toBeLessThanOrEqual(limit);
            expect(fieldCount(nextLarger(q, h.fix))).toBeGreaterThan(limit);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
