import type { Text } from '@codemirror/state';
import { createStore, useStore } from '../../../shared/lib/store.ts';
import type { TraceInfo } from './trace-info.ts';
import type { FormattedResponse } from './read-response.ts';
import type { KeptRun, KeptRuns, RunTarget } from './compare/kept-runs.ts';

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
  /** The profile and host it was sent to ("Compare runs" shows them). */
  target?: RunTarget;
}

/**
 * What runs produce, in one owner: the tab whose run is under way, the text arriving for it, and
 * each tab's settled result. The run (run/use-run-operation.ts) writes here; the pane, the tab bar
 * and the commands read here.
 */
interface Runs {
  /** The tab of the run under way (one at a time: a new run aborts the previous one). */
  running?: string;
  /** The display text received so far by the run under way. */
  live?: Text;
  results: ReadonlyMap<string, RunResult>;
  /** Each tab's last runs with a body, for "Compare runs" (compare/kept-runs.ts decides which). */
  kept: KeptRuns;
}

const runs = createStore<Runs>({ results: new Map(), kept: new Map() });

/** A run starts in `tabId`: it is the one running, and nothing of it has arrived yet. */
export function runStarted(tabId: string): void {
  runs.set((r) => ({ ...r, running: tabId, live: undefined }));
}

/** More of the running run's text has arrived. */
export function runProgress(doc: Text): void {
  runs.set((r) => ({ ...r, live: doc }));
}

/**
 * A run settled with `result` (kept for its tab). If it was the latest run, nothing runs now; its
 * streamed text stays after a success (the result's document shares it) and goes with a failure.
 */
export function runSettled(tabId: string, result: RunResult, latest: boolean): void {
  runs.set((r) => {
    const results = new Map(r.results).set(tabId, result);
    if (!latest) return { ...r, results };
    return { ...r, results, running: undefined, live: result.failure ? undefined : r.live };
  });
}

/** Replaces the kept runs (with what compare/kept-runs.ts derives from them). */
export function updateKeptRuns(next: (kept: KeptRuns) => KeptRuns): void {
  runs.set((r) => ({ ...r, kept: next(r.kept) }));
}

/** Frees a tab's result and kept runs (the tab was closed). */
export function forgetRun(tabId: string): void {
  runs.set((r) => {
    if (!r.results.has(tabId) && !r.kept.has(tabId)) return r;
    const results = new Map(r.results);
    results.delete(tabId);
    const kept = new Map(r.kept);
    kept.delete(tabId);
    return { ...r, results, kept };
  });
}

const NONE: readonly KeptRun[] = [];

/** A tab's kept runs, oldest first, re-rendering when they change. */
export function useKeptRuns(tabId: string): readonly KeptRun[] {
  return useStore(runs, (r) => r.kept.get(tabId) ?? NONE);
}

/** The last run of a tab, re-rendering when it changes. */
export function useRunResult(tabId: string): RunResult | undefined {
  return useStore(runs, (r) => r.results.get(tabId));
}

/** The tab whose run is under way, if any. */
export function useRunningTab(): string | undefined {
  return useStore(runs, (r) => r.running);
}

/** The response text received so far by the run under way, re-rendering as more arrives. */
export function useLiveResponse(): Text | undefined {
  return useStore(runs, (r) => r.live);
}

/** Tests only: the whole state. */
export const runsForTests = (): Runs => runs.get();
