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

/** Stored numbers only: anything else in storage falls back to the default. */
function numbers(o: unknown): Partial<CostLimits> {
  const out: Partial<CostLimits> = {};
  if (!o || typeof o !== 'object') return out;
  for (const k of Object.keys(DEFAULT_COST_LIMITS) as (keyof CostLimits)[]) {
    const v = (o as Record<string, unknown>)[k];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) out[k] = v;
  }
  return out;
}

/** The limits kept for `instance` (its normalized URL), over the defaults. */
export function limitsFor(instance: string): CostLimits {
  const stored = readJson<Stored>(KEY, {});
  return {
    ...DEFAULT_COST_LIMITS,
    ...numbers(stored),
    ...numbers(stored.byInstance?.[instance]),
  };
}

export function saveLimitsFor(instance: string, limits: CostLimits): void {
  const stored = readJson<Stored>(KEY, {});
  const byInstance =
    stored.byInstance && typeof stored.byInstance === 'object' ? stored.byInstance : {};
  writeJson(KEY, { ...stored, byInstance: { ...byInstance, [instance]: limits } });
}
