/**
 * The instance's GraphQL cost limits and what the estimator (cost-estimate.ts) reports against
 * them. Apart from the estimator so that a page can hold and check limits without loading
 * graphql-js: the console's first screen shows the limits before the estimator's chunk is in.
 */
export interface QueryCost {
  fieldCount: number;
  maxDepth: number;
  aliasCount: number;
  highestDuplicateFieldCount: number;
  uniqueFieldCount: number;
}

/** A field that contributes most to the field count, for the meter's warning. */
export interface CostHotspot {
  name: string;
  /** What this field (with its children) adds to fieldCount. */
  fieldCount: number;
  line: number;
  column: number;
}

export type CostEstimate =
  { ok: true; cost: QueryCost; hotspot?: CostHotspot } | { ok: false; error: string };

export interface CostLimits {
  graphQLMaxAliases: number;
  graphQLMaxDepth: number;
  graphQLMaxFieldCount: number;
  graphQLMaxDuplicateFieldCount: number;
  graphQLMaxUniqueFieldCount: number;
}

export const DEFAULT_COST_LIMITS: CostLimits = {
  graphQLMaxAliases: 500,
  graphQLMaxDepth: 30,
  graphQLMaxFieldCount: 500000,
  graphQLMaxDuplicateFieldCount: 500,
  graphQLMaxUniqueFieldCount: 500,
};

export type LimitKind =
  'alias count' | 'field count' | 'query depth' | 'duplicate field count' | 'unique field count';

export interface LimitViolation {
  kind: LimitKind;
  actual: number;
  limit: number;
  /** `Query exceeds maximum <kind> limit` */
  message: string;
}

const CHECKS: [LimitKind, keyof QueryCost, keyof CostLimits][] = [
  ['alias count', 'aliasCount', 'graphQLMaxAliases'],
  ['field count', 'fieldCount', 'graphQLMaxFieldCount'],
  ['query depth', 'maxDepth', 'graphQLMaxDepth'],
  ['duplicate field count', 'highestDuplicateFieldCount', 'graphQLMaxDuplicateFieldCount'],
  ['unique field count', 'uniqueFieldCount', 'graphQLMaxUniqueFieldCount'],
];

/** Checks in the instance's order: alias, field count, depth, duplicate, unique. */
export function checkCostLimits(cost: QueryCost, limits: CostLimits): LimitViolation[] {
  const out: LimitViolation[] = [];
  for (const [kind, costKey, limitKey] of CHECKS) {
    const actual = cost[costKey];
    const limit = limits[limitKey];
    if (actual > limit) {
      out.push({ kind, actual, limit, message: `Query exceeds maximum ${kind} limit` });
    }
  }
  return out;
}
