import { useCallback, useRef } from 'react';
import { lazyOnce } from '../../../shared/lib/lazy-once.ts';
import { loadResponseReader } from '../response/read-response-loader.ts';
import { loadResponseViewer } from '../response/viewer-loader.ts';
import { preloadResponseDetails } from '../response/lazy-details.tsx';
import { runSettled, runStarted, useRunningTab, type RunResult } from '../response/responses.ts';
import type * as ExecuteRun from './execute-run.ts';

type ExecuteRunModule = typeof ExecuteRun;

/** The run's sending and reading (run/execute-run.ts), loaded once. */
export const loadExecuteRun: () => Promise<ExecuteRunModule> = lazyOnce(
  () => import('./execute-run.ts'),
).load;

function execute(req: RunRequest, signal: AbortSignal): Promise<RunResult> {
  return loadExecuteRun().then(
    (m) => m.execute(req, signal),
    (err: unknown) => ({
      at: Date.now(),
      operationName: req.operationName,
      failure: {
        kind: 'internal' as const,
        message: `The console's code for running could not be loaded (${err instanceof Error ? err.message : String(err)}). Reload the page; your tabs are kept.`,
      },
    }),
  );
}
import { getConsoleStore } from '../tabs/use-console-store.ts';

/** A run that passed the checks (variables parsed, operation chosen). */
export interface RunRequest {
  tabId: string;
  query: string;
  variables: Record<string, unknown>;
  /** The Variables editor's text, for history. */
  variablesText: string;
  operationName?: string;
  headers: Record<string, string>;
}

/**
 * Runs operations (an explicit action, never cached or refetched). The result goes to the tab
 * the run started in, even if the user switched tabs meanwhile. `stop()` aborts; a new run
 * aborts the one under way, and only the latest run is shown as running.
 */
export function useRunOperation() {
  const abortRef = useRef<AbortController | null>(null);
  const runningTabId = useRunningTab();
  const run = useCallback((req: RunRequest) => {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    getConsoleStore().recordRun({
      at: Date.now(),
      query: req.query,
      variables: req.variablesText,
      operationName: req.operationName,
    });
    runStarted(req.tabId);
    void loadResponseViewer().catch(() => {});
    preloadResponseDetails();
    // The response worker starts with the run (the request is not held for it).
    loadResponseReader().then(
      (c) => c.prepareResponseWorker(),
      () => undefined, // execute() awaits it again and reports the failure
    );
    void execute(req, controller.signal).then((result) => {
      runSettled(req.tabId, result, abortRef.current === controller);
    });
  }, []);
  const stop = useCallback(() => abortRef.current?.abort(), []);
  return {
    run,
    stop,
    isRunning: runningTabId !== undefined,
    runningTabId,
  };
}
