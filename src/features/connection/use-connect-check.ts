import { httpMeta, NetworkError } from '../../shared/api/http.ts';
import type { ConnectStatus } from './connect-check.ts';
import { createStore, useStore } from '../../shared/lib/store.ts';
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

/** The latest check: its result (about the connection `key`), or that it is under way. */
interface LatestCheck {
  pending: boolean;
  key?: string;
  status?: ConnectStatus;
}
const latest = createStore<LatestCheck>({ pending: false });

/** The latest Connect check: the panel's status line and the chip both show it. */
export function useLatestCheck(): LatestCheck {
  return useStore(latest);
}

/**
 * Runs the Connect check (an explicit action, never cached). A new check stops the one under way
 * (it was about fields the user has changed since), and only the latest one's result is kept.
 */
export async function runConnectCheck(): Promise<void> {
  running?.abort();
  const controller = new AbortController();
  running = controller;
  const key = connectionKey(getConnection());
  latest.set({ pending: true });
  const status = await checkConnection(controller.signal);
  // A check replaced by a newer one does not speak for it.
  if (running === controller) latest.set({ pending: false, key, status });
}
