/**
 * The page size: the largest `first` whose page the instance's estimator (the same code as the
 * instance's, src/shared/contracts/cost-estimate.ts) keeps under every limit, and no more than
 * the field's documented maximum or {@link PAGE_CEILING}. Only the field count grows with the
 * page size, and never shrinks as it grows, so a binary search finds it. Pure.
 */
import { estimateQueryCost } from '../../../shared/contracts/cost-estimate.ts';
import {
  checkCostLimits,
  type CostLimits,
  type LimitViolation,
} from '../../../shared/contracts/cost-limits.ts';
import type { PagedOperation } from './rewrite.ts';

/**
 * Rows per page at most, whatever the limits allow: a page is one response held whole (in the
 * export worker) and one request to redo when it fails; a thousand rows keep both small.
 */
export const PAGE_CEILING = 1000;

export type PageSizeChoice =
  | {
      ok: true;
      size: number;
      /** What stopped it growing: a limit, the documented maximum, or the ceiling. */
      bound: 'limit' | 'documented' | 'ceiling';
      /** The limit that bounds it (bound 'limit'). */
      limit?: LimitViolation['kind'];
      /** The estimator could not read the query: the instance then skips its limits too. */
      unestimated?: string;
    }
  | { ok: false; error: string };

function violations(
  op: PagedOperation,
  size: number,
  limits: CostLimits,
): LimitViolation[] | string {
  const e = estimateQueryCost(op.query, {
    ...op.variables,
    [op.pageSizeVariable]: size,
    [op.cursorVariable]: null,
  });
  return e.ok ? checkCostLimits(e.cost, limits) : e.error;
}

export function choosePageSize(op: PagedOperation, limits: CostLimits): PageSizeChoice {
  const documented = op.documentedMax;
  const cap = Math.min(PAGE_CEILING, documented ?? PAGE_CEILING);
  const capBound =
    documented !== undefined && documented <= PAGE_CEILING ? 'documented' : 'ceiling';
  const atCap = violations(op, cap, limits);
  if (typeof atCap === 'string')
    return { ok: true, size: cap, bound: capBound, unestimated: atCap };
  if (atCap.length === 0) return { ok: true, size: cap, bound: capBound };
  const atOne = violations(op, 1, limits);
  if (typeof atOne !== 'string' && atOne.length > 0) {
    const v = atOne[0]!;
    return {
      ok: false,
      error: `Even one row per page is over the ${v.kind} limit (${v.actual} > ${v.limit}): select fewer fields.`,
    };
  }
  // ok(lo) and not ok(hi).
  let lo = 1;
  let hi = cap;
  let last: LimitViolation[] = atCap;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    const v = violations(op, mid, limits);
    if (typeof v !== 'string' && v.length > 0) {
      hi = mid;
      last = v;
    } else lo = mid;
  }
  return { ok: true, size: lo, bound: 'limit', limit: last[0]?.kind };
}
