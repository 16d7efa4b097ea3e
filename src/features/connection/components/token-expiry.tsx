import { useConnection } from '../connection-store.ts';
import { formatTimeLeft } from '../oauth.ts';
import { useNow, useOAuthAutoRefresh } from '../use-oauth-refresh.ts';

/** Time left on an OAuth token, whether it refreshes itself, and the last refresh error. */
export function TokenExpiry() {
  const c = useConnection();
  const refresh = useOAuthAutoRefresh();
  const expiresAt = c.scheme === 'bearer' ? c.oauth.expiresAt : undefined;
  const now = useNow(expiresAt !== undefined);
  if (expiresAt === undefined) return null;
  return (
    <p className={`token-expiry ${expiresAt <= now ? 'is-expired' : ''}`}>
      Token: {formatTimeLeft(expiresAt, now)}
      {c.oauth.refreshToken && c.oauth.clientId
        ? ' · refreshes automatically'
        : ' · no refresh token and Client ID: paste a new token response when it expires'}
      {refresh.lastRefreshAt &&
        ` · refreshed at ${new Date(refresh.lastRefreshAt).toLocaleTimeString()}`}
      {refresh.error && <span className="field-error"> · {refresh.error}</span>}
    </p>
  );
}
