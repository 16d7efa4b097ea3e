import { DEFAULT_COST_LIMITS, type CostLimits } from '../../../shared/contracts/cost-limits.ts';
import { readJson, writeJson } from '../../../shared/lib/storage.ts';

/**
 * The cost limits the console holds, per instance: they are each instance's own site
 * configuration (`rateLimits`), so a limit set for one, or taken over from its refusal
 * (limits-from-refusal.ts), leaves the others alone. Kept in this browser with the display
 * settings (Clear stored data keeps them). An older version kept one set for every instance: it
 * still applies to an instance that has none of its own.
 */
const KEY = 'console-cost-limits';

type Stored = Partial<CostLimits> & { byInstance?: Record<string, Partial<CostLimits>> };

/** The limits kept for `instance` (its normalized URL), over the defaults. */
export function limitsFor(instance: string): CostLimits {
  const { byInstance, ...legacy } = readJson<Stored>(KEY, {});
  return { ...DEFAULT_COST_LIMITS, ...legacy, ...byInstance?.[instance] };
}

export function saveLimitsFor(instance: string, limits: CostLimits): void {
  const stored = readJson<Stored>(KEY, {});
  writeJson(KEY, { ...stored, byInstance: { ...stored.byInstance, [instance]: limits } });
}
