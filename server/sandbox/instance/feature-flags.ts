/**
 * The sandbox's feature flags and how a request sees them: the defined value (a static boolean,
 * or a rollout evaluated per user from a hash), replaced by the request's
 * `X-Sourcegraph-Override-Feature` overrides (`RequestContext.featureFlags`, parsed with
 * src/shared/contracts/feature-flags.ts), as the instance's override store does: an override of a flag
 * that is not defined still evaluates to its value.
 *
 * What a user can see change: `evaluateFeatureFlag`, `evaluatedFeatureFlags`, and `search-debug`,
 * which adds a "Search debug" alert to search results (as the instance's flag of that name
 * enriches search responses with debug information).
 */
import { GraphQLError } from 'graphql';
import { hash32 } from '../seeded.ts';
import type { RequestContext } from './resolvers.ts';

type FlagDefinition =
  | { kind: 'boolean'; name: string; value: boolean }
  | { kind: 'rollout'; name: string; rolloutBasisPoints: number };

/** The flags defined on the sandbox instance. */
const FLAG_DEFINITIONS: readonly FlagDefinition[] = [
  { kind: 'boolean', name: 'search-debug', value: false },
  { kind: 'boolean', name: 'search-keyword', value: true },
  { kind: 'rollout', name: 'cody-autocomplete-tracing', rolloutBasisPoints: 5000 },
];

function evaluateDefinition(def: FlagDefinition, ctx: RequestContext): boolean {
  if (def.kind === 'boolean') return def.value;
  const subject = ctx.viewer ? `user:${ctx.viewer.index}` : 'anonymous';
  return hash32(`${def.name}:${subject}`) % 10000 < def.rolloutBasisPoints;
}

/** Every flag's value for this request (definitions, then the request's overrides). */
function evaluatedFlags(ctx: RequestContext): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const def of FLAG_DEFINITIONS) out.set(def.name, evaluateDefinition(def, ctx));
  for (const [name, value] of ctx.featureFlags ?? []) out.set(name, value);
  return out;
}

function definitionObject(def: FlagDefinition) {
  return def.kind === 'boolean'
    ? { __typename: 'FeatureFlagBoolean', name: def.name, value: def.value }
    : {
        __typename: 'FeatureFlagRollout',
        name: def.name,
        rolloutBasisPoints: def.rolloutBasisPoints,
      };
}

type Args = Record<string, unknown>;

/** Root fields of the feature-flag block of schema.graphql. */
export const featureFlagRootFields = {
  featureFlags: (_a: Args, ctx: RequestContext) => {
    if (!ctx.viewer?.siteAdmin) throw new GraphQLError('must be site admin');
    return FLAG_DEFINITIONS.map(definitionObject);
  },
  featureFlag: (a: Args, ctx: RequestContext) => {
    if (!ctx.viewer?.siteAdmin) throw new GraphQLError('must be site admin');
    const def = FLAG_DEFINITIONS.find((d) => d.name === a.name);
    if (!def) throw new GraphQLError(`feature flag ${JSON.stringify(a.name)} not found`);
    return definitionObject(def);
  },
  evaluateFeatureFlag: (a: Args, ctx: RequestContext) =>
    evaluatedFlags(ctx).get(String(a.flagName)) ?? null,
  evaluatedFeatureFlags: (_a: Args, ctx: RequestContext) =>
    [...evaluatedFlags(ctx)].map(([name, value]) => ({ name, value })),
};

/** With `search-debug` on: an alert describing how the sandbox ran the search. */
export function searchDebugAlert(
  ctx: RequestContext,
  query: string,
  outcome: { matchCount: number; limitHit: boolean; elapsedMilliseconds: number },
) {
  if (!evaluatedFlags(ctx).get('search-debug')) return null;
  return {
    title: 'Search debug',
    description: `query ${JSON.stringify(query)}: ${outcome.matchCount} matches${outcome.limitHit ? ' (limit hit)' : ''} in ${outcome.elapsedMilliseconds} ms on the sandbox's generated repositories`,
    kind: 'search-debug',
    proposedQueries: null,
  };
}
