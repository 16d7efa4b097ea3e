/**
 * The instance's GraphQL cost estimator (research-notes §3, version 2 of the walk, quirks
 * included). One module serves the sandbox's limit check and the console's cost meter.
 * INTERFACE STUB: the implementation lands with the sandbox instance work.
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

export function estimateQueryCost(
  _query: string,
  _variables?: Record<string, unknown> | null,
): CostEstimate {
  return { ok: false, error: 'not implemented' };
}

/** Checks in the instance's order: alias, field count, depth, duplicate, unique. */
export function checkCostLimits(_cost: QueryCost, _limits: CostLimits): LimitViolation[] {
  return [];
}
