import { createStore, useStore } from '../../../../shared/lib/store.ts';
import type { RunResult } from '../responses.ts';
import { withRun, type KeptRun, type KeptRuns } from './kept-runs.ts';

/** Every tab's last runs (kept-runs.ts); in memory only, as the responses themselves. */
const kept = createStore<KeptRuns>(new Map());

const NONE: readonly KeptRun[] = [];

/** Keeps a settled run of `tabId` for comparing; a run without a response body is not kept. */
export function keepRun(tabId: string, result: RunResult): void {
  const doc = result.body?.doc;
  if (!doc || doc.length === 0) return;
  kept.set((all) =>
    withRun(all, tabId, {
      at: result.at,
      status: result.status,
      size: result.size,
      operationName: result.operationName,
      target: result.target,
      doc,
    }),
  );
}

/** Drops a closed tab's runs. */
export function forgetRuns(tabId: string): void {
  kept.set((all) => {
    if (!all.has(tabId)) return all;
    const next = new Map(all);
    next.delete(tabId);
    return next;
  });
}

/** A tab's kept runs, oldest first, re-rendering when they change. */
export function useKeptRuns(tabId: string): readonly KeptRun[] {
  return useStore(kept, (all) => all.get(tabId) ?? NONE);
}
