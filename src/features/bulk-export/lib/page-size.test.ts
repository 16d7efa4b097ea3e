import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { estimateQueryCost } from '../../../shared/contracts/cost-estimate.ts';
import { DEFAULT_COST_LIMITS, type CostLimits } from '../../../shared/contracts/cost-limits.ts';
import { findConnections } from './connections.ts';
import { testSchema } from './fixtures/test-schema.ts';
import { choosePageSize, PAGE_CEILING } from './page-size.ts';
import { rewriteForPaging, type PagedOperation } from './rewrite.ts';

function paged(q: string, vars: Record<string, unknown> = {}): PagedOperation {
  const ref = findConnections(parse(q), testSchema)[0]!;
  const r = rewriteForPaging(q, ref, testSchema, vars);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const limits = (over: Partial<CostLimits>): CostLimits => ({ ...DEFAULT_COST_LIMITS, ...over });

function fieldCount(op: PagedOperation, n: number): number {
  const e = estimateQueryCost(op.query, { ...op.variables, [op.pageSizeVariable]: n });
  if (!e.ok) throw new Error(e.error);
  return e.cost.fieldCount;
}

describe('choosePageSize', () => {
  it('the largest size whose field count stays within the limit', () => {
    // users + N × (id, username, totalCount, pageInfo, hasNextPage, endCursor) = 1 + 6N.
    const op = paged(`{ users { nodes { id username } } }`);
    for (const max of [7, 601, 602, 606, 3001]) {
      const choice = choosePageSize(op, limits({ graphQLMaxFieldCount: max }));
      expect(choice).toEqual({
        ok: true,
        size: Math.floor((max - 1) / 6),
        bound: 'limit',
        limit: 'field count',
      });
      if (!choice.ok) continue;
      expect(fieldCount(op, choice.size)).toBeLessThanOrEqual(max);
      expect(fieldCount(op, choice.size + 1)).toBeGreaterThan(max);
    }
  });

  it('counts nested lists with their own first in the estimate', () => {
    // 1 + N × (id + organizations + 10 × name + totalCount, pageInfo and its two fields).
    const op = paged(`{ users { nodes { id organizations(first: 10) { nodes { name } } } } }`);
    const choice = choosePageSize(op, limits({ graphQLMaxFieldCount: 10_000 }));
    expect(choice.ok && choice.size).toBe(Math.floor((10_000 - 1) / (1 + 1 + 10 + 4)));
  });

  it('no more than the documented maximum, nor the ceiling', () => {
    expect(
      choosePageSize(
        paged(`{ organization(name: "a") { members { nodes { id } } } }`),
        DEFAULT_COST_LIMITS,
      ),
    ).toEqual({ ok: true, size: 50, bound: 'documented' });
    expect(
      choosePageSize(paged(`{ repositories { edges { node { name } } } }`), DEFAULT_COST_LIMITS),
    ).toEqual({ ok: true, size: 100, bound: 'documented' });
    expect(choosePageSize(paged(`{ users { nodes { id } } }`), DEFAULT_COST_LIMITS)).toEqual({
      ok: true,
      size: PAGE_CEILING,
      bound: 'ceiling',
    });
  });

  it('says so when even one row per page is over a limit', () => {
    const op = paged(`{ users { nodes { id username } } }`);
    expect(choosePageSize(op, limits({ graphQLMaxFieldCount: 6 }))).toEqual({
      ok: false,
      error: 'Even one row per page is over the field count limit (7 > 6): select fewer fields.',
    });
    expect(choosePageSize(op, limits({ graphQLMaxDepth: 2 }))).toMatchObject({
      ok: false,
      error: expect.stringContaining('query depth limit'),
    });
  });
});
