import { useEffect, useMemo } from 'react';
import type { CostLimits } from '../../../shared/contracts/cost-limits.ts';
import type { Refusal } from '../../../shared/contracts/cost-refusal.ts';
import type { RunResult } from '../response/responses.ts';
import { useGraphqlTools } from './graphql-tools-loader.ts';

/** A refusal over the cost limits is a few errors long; a bigger 400 body is not read for one. */
const MAX_REFUSAL_CHARS = 64 * 1024;

/** Results whose refusal was adopted already: a user's later edit of a limit is not undone. */
const adopted = new WeakSet<RunResult>();

/**
 * When the active tab's last run was refused over the instance's own cost limits (its 400 names
 * them: `src/shared/contracts/cost-refusal.ts`), the console's limits become those, once per run;
 * returns the refusal while that run is shown. The console starts from the default limits and
 * cannot read an instance's site configuration, so the instance's answer is how it learns them. The reading comes with the GraphQL tools' chunk, which the meter loads anyway.
 */
export function useLimitsFromRefusal(
  result: RunResult | undefined,
  limits: CostLimits,
  onChange: (l: CostLimits) => void,
): Refusal[] | undefined {
  const tools = useGraphqlTools();
  const refusal = useMemo(() => {
    const doc = result?.body?.doc;
    if (!tools || result?.status !== 400 || !doc || doc.length > MAX_REFUSAL_CHARS) return;
    return tools.readCostRefusal(400, doc.toString());
  }, [tools, result]);
  useEffect(() => {
    if (!tools || !result || !refusal || adopted.has(result)) return;
    adopted.add(result);
    const next = tools.withRefusal(limits, refusal);
    if (Object.entries(next).some(([k, v]) => limits[k as keyof CostLimits] !== v)) onChange(next);
  }, [tools, result, refusal, limits, onChange]);
  return refusal;
}
