import { ensureUsableToken, getConnection, sendGraphQL } from '../../connection/index.ts';
import type { Answer, PageBody } from '../lib/run-pages.ts';

/**
 * Sends one page as the console sends a run: the connection's one usable-token path (an OAuth
 * token about to expire is refreshed first; an export can outlast it), the relay or direct
 * transport, the operation's name as the request name (`?AllUsers`), and the given headers.
 */
export async function sendPage(
  body: PageBody,
  signal: AbortSignal,
  headers: Record<string, string> | undefined,
): Promise<Answer> {
  await ensureUsableToken();
  const conn = getConnection();
  if (conn.scheme === 'sudo' && !conn.sudoUser.trim())
    throw new Error('Enter the "Sudo user" to act as in the connection panel.');
  const t = await sendGraphQL(conn, body, {
    signal,
    headers,
    requestName: body.operationName ?? undefined,
  });
  const { status } = t.response;
  const retryAfter = t.response.headers.get('Retry-After');
  // A page's bytes go to the export worker as they are (transferred): no text on this thread.
  if (status === 200) return { status, retryAfter, text: '', body: await t.response.arrayBuffer() };
  return { status, retryAfter, text: await t.response.text() };
}
