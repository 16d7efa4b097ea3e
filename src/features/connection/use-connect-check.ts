import { useMutation } from '@tanstack/react-query';
import { httpMeta, NetworkError } from '../../shared/api/http.ts';
import type { ConnectStatus } from './connect-check.ts';
import { getConnection, type ConnectionSettings } from './connection-store.ts';
import { usableConnection } from './oauth-refresh.ts';
import { sendGraphQL } from './transport.ts';

/** Runs `{ currentUser { username } }` with the current connection; never throws. */
async function checkConnection(signal?: AbortSignal): Promise<ConnectStatus> {
  try {
    const s0 = getConnection();
    if (s0.scheme === 'sudo' && !s0.sudoUser.trim())
      return {
        state: 'error',
        message: 'Enter the "Sudo user" to act as (Sudo needs a site admin\'s token).',
      };
    // The check's reading of the answer is a chunk of its own: no first screen needs it.
    const [{ readWhoAmI, WHO_AM_I_QUERY }, s] = await Promise.all([
      import('./connect-check.ts'),
      usableConnection(),
    ]);
    const { response } = await sendGraphQL(
      s,
      { query: WHO_AM_I_QUERY },
      { requestName: 'CurrentUser', signal },
    );
    const text = await response.text();
    return readWhoAmI(
      {
        ...httpMeta(response),
        scheme: s.scheme,
      },
      text,
      s.sudoUser,
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof NetworkError) return { state: 'error', message: `Unreachable: ${message}` };
    return { state: 'error', message };
  }
}

/**
 * What a Connect result is about: shown only while the connection still matches. OAuth tokens
 * are left out (an automatic refresh does not change who you are).
 */
export function connectionKey(s: ConnectionSettings): string {
  return [
    s.baseUrl.trim(),
    s.scheme,
    s.transport,
    s.sudoUser.trim(),
    s.scheme === 'bearer' ? '' : s.token.trim(),
  ].join('\u0000');
}

let running: AbortController | undefined;

/**
 * The Connect check, as a TanStack mutation (an explicit, uncached action). A new check stops
 * the one under way (it was about fields the user has changed since).
 */
/** The Connect check's mutation key (the chip reads its latest result). */
export const CONNECT_CHECK_KEY = ['connect-check'];

export function useConnectCheck() {
  return useMutation({
    mutationKey: CONNECT_CHECK_KEY,
    mutationFn: async () => {
      running?.abort();
      const controller = new AbortController();
      running = controller;
      const key = connectionKey(getConnection());
      return { status: await checkConnection(controller.signal), key };
    },
  });
}
