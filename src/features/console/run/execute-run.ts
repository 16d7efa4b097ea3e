import { httpMeta, NetworkError } from '../../../shared/api/http.ts';
import { activeProfileName, getConnection, normalizeBaseUrl } from '../../connection/index.ts';
import { ensureUsableToken, TokenExpiredError } from '../../connection/index.ts';
import { ConnectionError, sendGraphQL } from '../../connection/index.ts';
import type { RunRequest } from './use-run-operation.ts';
import { requestOptionHeaders, withOptionHeaders } from './request-options.ts';
import { traceInfo } from '../response/trace-info.ts';
import { loadResponseReader } from '../response/read-response-loader.ts';
import { runProgress } from '../response/responses.ts';
import { keepRun } from '../response/compare/kept-runs.ts';
import { getRequestOptions } from './request-options-store.ts';
import type { RunResult } from '../response/responses.ts';

/**
 * Sends one run and reads its answer into a result (never throws: a failure is a result), kept
 * for "Compare runs" when it has a body. A chunk of its own, loaded after the first paint (or by
 * the first run): the first screen does not send anything.
 */
export async function execute(req: RunRequest, signal: AbortSignal): Promise<RunResult> {
  const result = await send(req, signal);
  keepRun(req.tabId, result);
  return result;
}

async function send(req: RunRequest, signal: AbortSignal): Promise<RunResult> {
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
    const host = normalizeBaseUrl(conn.baseUrl);
    const target = { profile: activeProfileName() ?? '', host: host ? new URL(host).host : '' };
    // Requested when the run started (run/use-run-operation.ts), so in by now.
    const { readResponse } = await loadResponseReader();
    const { body, size, receivedAt } = await readResponse(
      t.response,
      {
        ...httpMeta(t.response),
        scheme: conn.scheme,
        now: Date.now(),
      },
      { signal, onProgress: runProgress },
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
      target,
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
