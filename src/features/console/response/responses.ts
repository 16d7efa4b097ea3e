import { createStore, useStore } from '../../../shared/lib/store.ts';
import type { TraceInfo } from './trace-info.ts';
import type { FormattedResponse } from './format-client.ts';

/** The last run of a tab. Kept in memory only: responses can be 50 MB and may hold private data. */
export interface RunResult {
  /** Epoch ms when the run started. */
  at: number;
  status?: number;
  /** From sending until the whole body arrived. */
  ms?: number;
  /** Body size in bytes. */
  size?: number;
  body?: FormattedResponse;
  /** No response to show: network failure, stopped, refused before sending. */
  failure?: { kind: 'network' | 'aborted' | 'refused' | 'internal'; message: string };
  operationName?: string;
  /** The headers the instance answered with, as the browser exposes them. */
  headers?: [string, string][];
  /** Trace id and link when the instance traced the request. */
  trace?: TraceInfo;
}

const results = createStore<ReadonlyMap<string, RunResult>>(new Map());

export function setRunResult(tabId: string, result: RunResult | undefined): void {
  results.set((current) => {
    if (!result && !current.has(tabId)) return current;
    const next = new Map(current);
    if (result) next.set(tabId, result);
    else next.delete(tabId);
    return next;
  });
}

/** The last run of a tab, re-rendering when it changes. */
export function useRunResult(tabId: string): RunResult | undefined {
  return useStore(results, (all) => all.get(tabId));
}
