import { getConnection, updateConnection } from './connection-store.ts';
import { formatTimeLeft, parseTokenResponse, refreshForm, tokenPhase } from './oauth.ts';
import { sendOAuthToken } from './transport.ts';

/** Thrown instead of sending a request with a token known to have expired. */
export class TokenExpiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenExpiredError';
  }
}

let inflight: Promise<void> | undefined;

/** True when the connection has what a refresh needs (refresh token and client id). */
export function canRefresh(): boolean {
  const { scheme, oauth } = getConnection();
  return scheme === 'bearer' && !!oauth.refreshToken && !!oauth.clientId;
}

/**
 * Refreshes the OAuth access token through the instance's token endpoint (refresh_token grant).
 * One refresh at a time; refresh tokens are single-use, so the new one replaces the old.
 */
export function refreshOAuthToken(): Promise<void> {
  inflight ??= (async () => {
    const s = getConnection();
    if (!s.oauth.refreshToken || !s.oauth.clientId)
      throw new Error(
        'Refreshing needs the refresh token (paste the whole token response) and the Client ID.',
      );
    const { response } = await sendOAuthToken(
      s,
      refreshForm(s.oauth.refreshToken, s.oauth.clientId),
    );
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(
        `The token endpoint answered ${response.status}: ${text.trim().slice(0, 200) || '(empty body)'}`,
      );
    }
    const result = parseTokenResponse(parsed, Date.now());
    if (!response.ok || !result.ok)
      throw new Error(
        `Refreshing the OAuth token failed (${response.status}). ${result.ok ? text.slice(0, 200) : result.message}`,
      );
    updateConnection({
      token: result.value.accessToken,
      oauth: {
        clientId: s.oauth.clientId,
        refreshToken: result.value.refreshToken ?? s.oauth.refreshToken,
        expiresAt: result.value.expiresAt,
      },
    });
  })().finally(() => {
    inflight = undefined;
  });
  return inflight;
}

/**
 * Called before every request. With an OAuth token that is expired or about to expire it
 * refreshes first when it can; it refuses (TokenExpiredError) rather than send an expired token.
 */
export async function ensureUsableToken(now = Date.now()): Promise<void> {
  const s = getConnection();
  if (s.scheme !== 'bearer' || !s.token.trim()) return;
  const phase = tokenPhase(s.oauth.expiresAt, now);
  if (phase === 'valid' || phase === 'no-expiry') return;
  if (canRefresh()) {
    try {
      await refreshOAuthToken();
      return;
    } catch (err) {
      if (phase === 'refresh-due') return; // still valid for a moment: use it
      throw new TokenExpiredError(
        `The OAuth token ${formatTimeLeft(s.oauth.expiresAt!, now)} and refreshing it failed: ${(err as Error).message} Paste a new token response in the connection panel.`,
      );
    }
  }
  if (phase === 'expired')
    throw new TokenExpiredError(
      `The OAuth token ${formatTimeLeft(s.oauth.expiresAt!, now)}; not sending it. Paste a new token response in the connection panel (with a refresh token and Client ID the console refreshes it for you).`,
    );
}
