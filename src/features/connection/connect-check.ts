import { classifyResponse } from '../../shared/api/classify-graphql.ts';
import type { ResponseMeta } from '../../shared/api/classify-http.ts';

/** The query the Connect button runs to learn who the token belongs to. */
export const WHO_AM_I_QUERY = '{ currentUser { username } }';

/** What the connection panel shows after "Connect". */
export type ConnectStatus =
  | { state: 'ok'; username: string; sudo: boolean; message: string }
  | { state: 'anonymous'; message: string }
  | { state: 'error'; message: string; detail?: string };

/**
 * Reads the answer to WHO_AM_I_QUERY: the user name, or a message saying what went wrong and
 * what to do (bad token, not an instance, relay error…).
 */
export function readWhoAmI(meta: ResponseMeta, text: string, sudoUser = ''): ConnectStatus {
  const c = classifyResponse(meta, text);
  if (c.kind === 'graphql' && meta.status === 200) {
    const data = (JSON.parse(text) as { data?: { currentUser?: { username?: unknown } | null } })
      .data;
    const username = data?.currentUser?.username;
    if (typeof username === 'string') {
      const sudo = meta.scheme === 'sudo';
      return {
        state: 'ok',
        username,
        sudo,
        message: sudo ? `Acting as ${username} (sudo)` : `Signed in as ${username}`,
      };
    }
    if (data && data.currentUser === null)
      return {
        state: 'anonymous',
        message:
          'Connected, but not signed in: the instance is public and answers anonymously. Add an Access token to act as a user.',
      };
    if (c.errors[0])
      return {
        state: 'error',
        message: `The instance answered with an error: ${c.errors[0].message}`,
      };
  }
  if (c.kind === 'graphql' || c.kind === 'json')
    return {
      state: 'error',
      message: c.notice?.title ?? 'Unexpected answer: no currentUser in the response.',
      detail: c.notice?.detail,
    };
  let detail = c.notice?.detail;
  if (meta.scheme === 'sudo' && meta.status === 403 && sudoUser)
    detail = `${detail ?? ''} (Sudo user: "${sudoUser}")`.trim();
  return { state: 'error', message: c.notice?.title ?? `HTTP ${meta.status}`, detail };
}
