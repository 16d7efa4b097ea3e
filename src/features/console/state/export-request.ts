import { buildAuthorization, normalizeBaseUrl } from '../../connection/auth-header.ts';
import { getConnection } from '../../connection/connection-store.ts';
import { parseHeaders } from '../lib/headers.ts';
import { listOperations, operationAt } from '../lib/operations.ts';
import { parseVariables } from '../lib/variables.ts';
import type { EditorHandleLike } from '../query-bridge.ts';

/** What "Copy as curl" prints: the same request a run would send (token redaction is the menu's). */
export function buildExportRequest(
  text: { query: string; variables: string; headers: string },
  picked: string | undefined,
  queryHandle: EditorHandleLike | null,
) {
  const c = getConnection();
  const vars = parseVariables(text.variables);
  const headers = parseHeaders(text.headers);
  const ops = listOperations(text.query);
  const cursor = queryHandle?.view?.state.selection.main.head ?? 0;
  const operationName =
    ops.length === 1 ? ops[0].name : (picked ?? operationAt(text.query, cursor));
  return {
    endpoint: normalizeBaseUrl(c.baseUrl) ?? c.baseUrl.trim(),
    authorization: buildAuthorization(c.scheme, c.token, c.sudoUser),
    headers: headers.ok ? headers.value : {},
    body: { query: text.query, variables: vars.ok ? vars.value : {}, operationName },
  };
}
