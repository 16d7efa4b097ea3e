/**
 * The instance's answer to a page over its cost limits: HTTP 400 with one error per limit,
 * `extensions: { code: "ErrQueryComplexityLimitExceeded", type: "field count", limit, actual }`
 * (research notes, cost limits). The limits it names are the instance's own, which the console
 * may not know (its cost meter starts from the defaults): the console's run and "Export all
 * pages" both read them. Pure.
 */
import type { CostLimits, LimitKind } from './cost-limits.ts';

export interface Refusal {
  kind: LimitKind;
  limit: number;
  actual: number;
}

const KEYS: Record<LimitKind, keyof CostLimits> = {
  'alias count': 'graphQLMaxAliases',
  'field count': 'graphQLMaxFieldCount',
  'query depth': 'graphQLMaxDepth',
  'duplicate field count': 'graphQLMaxDuplicateFieldCount',
  'unique field count': 'graphQLMaxUniqueFieldCount',
};

/** The limits a 400 answer says the page broke, or undefined when it is not that answer. */
export function readCostRefusal(status: number, text: string): Refusal[] | undefined {
  if (status !== 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const out: Refusal[] = [];
  for (const e of errors) {
    const x = (e as { extensions?: Record<string, unknown> } | null)?.extensions;
    if (x?.code !== 'ErrQueryComplexityLimitExceeded') return undefined;
    const kind = x.type as LimitKind;
    if (!Object.hasOwn(KEYS, kind) || typeof x.limit !== 'number') return undefined;
    out.push({ kind, limit: x.limit, actual: typeof x.actual === 'number' ? x.actual : NaN });
  }
  return out;
}

/** `limits` with the instance's, as a refusal states them. */
export function withRefusal(limits: CostLimits, refusal: readonly Refusal[]): CostLimits {
  const next = { ...limits };
  for (const r of refusal) next[KEYS[r.kind]] = r.limit;
  return next;
}
