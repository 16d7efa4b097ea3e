import { useCallback, useRef, useState } from 'react';
import { loadFormatClient } from '../response/format-client-loader.ts';
import { setLiveResponse } from '../response/live-response.ts';
import { loadResponseViewer } from '../response/viewer-loader.ts';
import { setRunResult, type RunResult } from '../response/responses.ts';
import type * as ExecuteRun from './execute-run.ts';

type ExecuteRunModule = typeof ExecuteRun;

/** The run's sending and reading (run/execute-run.ts), loaded once. */
let executing: Promise<ExecuteRunModule> | undefined;
export function loadExecuteRun() {
  executing ??= import('./execute-run.ts').catch((err: unknown) => {
    executing = undefined;
    throw err;
  });
  return executing;
}

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
  const [running, setRunning] = useState<RunRequest>();
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
    setRunning(req);
    // The text streaming in (response/live-response.ts) is this run's from here on; it stays
    // after success, shared with the result's document, and goes with a failure.
    setLiveResponse(undefined);
    void loadResponseViewer().catch(() => {});
    // The response worker starts with the run (the request is not held for it).
    loadFormatClient().then(
      (c) => c.prepareResponseWorker(),
      () => undefined, // execute() awaits it again and reports the failure
    );
    void execute(req, controller.signal).then((result) => {
      const latest = abortRef.current === controller;
      if (result.failure && latest) setLiveResponse(undefined);
      setRunResult(req.tabId, result);
      if (latest) setRunning(undefined);
    });
  }, []);
  const stop = useCallback(() => abortRef.current?.abort(), []);
  return {
    run,
    stop,
    isRunning: running !== undefined,
    runningTabId: running?.tabId,
  };
}
