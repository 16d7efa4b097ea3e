import { useCallback, useRef, useState } from 'react';
import { httpMeta, NetworkError } from '../../../shared/api/http.ts';
import { getConnection } from '../../connection/index.ts';
import { ensureUsableToken, TokenExpiredError } from '../../connection/index.ts';
import { ConnectionError, sendGraphQL } from '../../connection/index.ts';
import { requestOptionHeaders, withOptionHeaders } from '../lib/request-options.ts';
import { traceInfo } from '../lib/trace-info.ts';
import { loadFormatClient } from '../response/format-client-loader.ts';
import { setLiveResponse } from '../response/live-response.ts';
import { loadResponseViewer } from '../response/viewer-loader.ts';
import { getRequestOptions } from '../state/request-options-store.ts';
import { setRunResult, type RunResult } from '../state/responses.ts';
import { getConsoleStore } from './use-console-store.ts';

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

async function execute(req: RunRequest, signal: AbortSignal): Promise<RunResult> {
  const at = Date.now();
  const base = { at, operationName: req.operationName };
  try {
    const options = requestOptionHeaders(getRequestOptions());
    if (!options.ok) return { ...base, failure: { kind: 'refused', message: options.message } };
    await ensureUsableToken();
    const conn = getConnection();
    if (conn.scheme === 'sudo' && !conn.sudoUser.trim())
      return {
        ...base,
        failure: {
          kind: 'refused',
          message: 'Enter the "Sudo user" to act as in the connection panel.',
        },
      };
    const t = await sendGraphQL(
      conn,
      { query: req.query, variables: req.variables, operationName: req.operationName ?? null },
      {
        signal,
        headers: withOptionHeaders(req.headers, options.headers),
        requestName: req.operationName,
      },
    );
    const h = t.response.headers;
    // Requested when the run started (below), so in by now.
    const { readResponse } = await loadFormatClient();
    const { body, size, receivedAt } = await readResponse(
      t.response,
      {
        ...httpMeta(t.response),
        scheme: conn.scheme,
        now: Date.now(),
      },
      { signal, onProgress: setLiveResponse },
    );
    const ms = receivedAt - t.startedAt;
    return {
      ...base,
      status: t.response.status,
      ms,
      size,
      body,
      headers: [...h.entries()],
      trace: traceInfo(h),
    };
  } catch (err) {
    if (signal.aborted || (err instanceof NetworkError && err.kind === 'aborted'))
      return {
        ...base,
        failure: {
          kind: 'aborted',
          message: 'Stopped: the request was aborted before the response arrived.',
        },
      };
    if (err instanceof NetworkError)
      return { ...base, failure: { kind: 'network', message: `Network failure: ${err.message}` } };
    if (err instanceof TokenExpiredError || err instanceof ConnectionError)
      return { ...base, failure: { kind: 'refused', message: err.message } };
    return {
      ...base,
      failure: { kind: 'internal', message: err instanceof Error ? err.message : String(err) },
    };
  }
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
