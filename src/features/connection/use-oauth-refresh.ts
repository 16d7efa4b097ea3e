import { useEffect, useState } from 'react';
import { useConnection } from './connection-store.ts';
import { refreshDelay } from './oauth.ts';
import { canRefresh, refreshOAuthToken } from './oauth-refresh.ts';

/** What the panel shows about automatic refreshing. */
export interface RefreshState {
  lastRefreshAt?: number;
  error?: string;
}

/**
 * Keeps an OAuth token fresh: schedules a refresh REFRESH_AHEAD_MS before expiry when a refresh
 * token and client id are known. Requests also check (ensureUsableToken), so a sleeping laptop
 * whose timer fired late still never sends an expired token.
 */
export function useOAuthAutoRefresh(): RefreshState {
  const c = useConnection();
  const [state, setState] = useState<RefreshState>({});
  const { expiresAt, refreshToken, clientId } = c.oauth;
  useEffect(() => {
    if (c.scheme !== 'bearer' || !refreshToken || !clientId) return;
    const delay = refreshDelay(expiresAt, Date.now());
    if (delay === undefined) return;
    const timer = setTimeout(() => {
      if (!canRefresh()) return;
      refreshOAuthToken().then(
        () => setState({ lastRefreshAt: Date.now() }),
        (err: Error) => setState((s) => ({ ...s, error: err.message })),
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [c.scheme, expiresAt, refreshToken, clientId]);
  return state;
}

/** The current time, ticking every `ms` while `active` (for "time left" displays). */
export function useNow(active: boolean, ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [active, ms]);
  return now;
}
