import { buildAuthorization, normalizeBaseUrl } from '../../connection/index.ts';
import { getConnection } from '../../connection/index.ts';
import { exportOperation } from './export-operation.ts';
import { parseHeaders } from '../run/headers.ts';
import { requestOptionHeaders } from '../run/request-options.ts';
import { parseVariables } from '../run/parse-variables.ts';
import type { EditorHandleLike } from '../editor/editor-handle.ts';
import { getRequestOptions } from '../run/request-options-store.ts';

/** What the console would send now (built from the connection and the tab). */
export interface ExportRequest {
  endpoint: string;
  authorization?: string;
  headers: Record<string, string>;
  /** Trace and feature-flag headers (run/request-options.ts), one entry per header. */
  optionHeaders: [string, string][];
  body: { query: string; variables: Record<string, unknown>; operationName?: string };
  /** Why no command can be copied now (several operations and none chosen, a bad flag). */
  problem?: string;
}

/**
 * What "Copy as curl" prints: the same request a run would send, trace and feature-flag headers
 * included (token redaction is the menu's). A one-operation document sends no `operationName`,
 * as `src api -get-curl`; with several, the picked or cursor one is named, or `problem` says
 * how to choose.
 */
export function buildExportRequest(
  text: { query: string; variables: string; headers: string },
  picked: string | undefined,
  queryHandle: EditorHandleLike | null,
): ExportRequest {
  const c = getConnection();
  const vars = parseVariables(text.variables);
  const headers = parseHeaders(text.headers);
  const cursor = queryHandle?.view?.state.selection.main.head ?? 0;
  const op = exportOperation(text.query, picked, cursor);
  const options = requestOptionHeaders(getRequestOptions());
  const problem = !options.ok
    ? options.message.replace('to run; nothing was sent', 'to copy the command')
    : op.multiple && !op.operationName
      ? 'This document has several operations: name them, then pick one in the toolbar or put the cursor inside it to copy its command.'
      : undefined;
  return {
    endpoint: normalizeBaseUrl(c.baseUrl) ?? c.baseUrl.trim(),
    authorization: buildAuthorization(c.scheme, c.token, c.sudoUser),
    headers: headers.ok ? headers.value : {},
    optionHeaders: options.ok ? options.headers : [],
    body: {
      query: text.query,
      variables: vars.ok ? vars.value : {},
      operationName: op.operationName,
    },
    ...(problem ? { problem } : {}),
  };
}
