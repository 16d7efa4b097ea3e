import { normalizeBaseUrl } from './auth-header.ts';
import {
  adoptFromStorage,
  getConnection,
  updateConnection,
  type ConnectionSettings,
} from './connection-store.ts';
import { formatTimeLeft, parseTokenResponse, refreshForm, tokenPhase } from './oauth.ts';
import { coordinateRefresh, spentKey, type RefreshResult } from './refresh-coordination.ts';
import { sendOAuthToken } from './transport.ts';

/** Thrown instead of sending a request with a token known to have expired. */
export class TokenExpiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenExpiredError';
  }
}

let inflight: Promise<void> | undefined;

/** True when the refresh data belongs to the Instance URL now in use. */
function refreshDataIsForThisInstance(s: ConnectionSettings): boolean {
  const bound = s.oauth.baseUrl;
  return !bound || bound === (normalizeBaseUrl(s.baseUrl) ?? '');
}

/** True when the connection has what a refresh needs (refresh token and client id). */
export function canRefresh(): boolean {
  const s = getConnection();
  return (
    s.scheme === 'bearer' &&
    !!s.oauth.refreshToken &&
    !!s.oauth.clientId &&
    refreshDataIsForThisInstance(s)
  );
}

async function exchange(s: ConnectionSettings, base: string): Promise<RefreshResult> {
  const { response } = await sendOAuthToken(
    s,
    refreshForm(s.oauth.refreshToken!, s.oauth.clientId!),
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
  return {
    spent: spentKey(s.oauth.refreshToken!, base),
    baseUrl: base,
    accessToken: result.value.accessToken,
    refreshToken: result.value.refreshToken ?? s.oauth.refreshToken,
    expiresAt: result.value.expiresAt,
  };
}

/**
 * Refreshes the OAuth access token through the instance's token endpoint (refresh_token grant).
 * One refresh at a time in this tab and across tabs (refresh-coordination.ts); refresh tokens
 * are single-use, so the new one replaces the old. Refresh data entered for another Instance
 * URL is never sent to this one.
 */
export function refreshOAuthToken(): Promise<void> {
  inflight ??= (async () => {
    const s = getConnection();
    if (!s.oauth.refreshToken || !s.oauth.clientId)
      throw new Error(
        'Refreshing needs the refresh token (paste the whole token response) and the Client ID.',
      );
    if (!refreshDataIsForThisInstance(s))
      throw new Error(
        'The refresh token was entered for another Instance URL: paste a new token response for this one.',
      );
    const base = normalizeBaseUrl(s.baseUrl) ?? '';
    const r = await coordinateRefresh(spentKey(s.oauth.refreshToken, base), async () => {
      // Another tab may have stored a fresh token while we waited (with "Remember").
      adoptFromStorage();
      const now = getConnection();
      if (now.oauth.refreshToken !== s.oauth.refreshToken && now.token !== s.token)
        return {
          spent: spentKey(s.oauth.refreshToken!, base),
          baseUrl: base,
          accessToken: now.token,
          refreshToken: now.oauth.refreshToken,
          expiresAt: now.oauth.expiresAt,
        };
      return exchange(s, base);
    });
    const current = getConnection();
    // The user may have changed instance or token meanwhile: then the result is not theirs.
    if ((normalizeBaseUrl(current.baseUrl) ?? '') !== r.baseUrl || current.scheme !== 'bearer')
      return;
    updateConnection({
      token: r.accessToken,
      oauth: {
        clientId: s.oauth.clientId,
        refreshToken: r.refreshToken,
        expiresAt: r.expiresAt,
        baseUrl: r.baseUrl,
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
  if (tokenUsableNow(now)) return;
  const s = getConnection();
  const phase = tokenPhase(s.oauth.expiresAt, now);
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
  if (phase === 'expired' || arrivesExpired(s.oauth.expiresAt, now)) {
    const left = formatTimeLeft(s.oauth.expiresAt!, now);
    throw new TokenExpiredError(
      `The OAuth token ${phase === 'expired' ? left : `has ${left}: too little to arrive valid`}; not sending it. Paste a new token response in the connection panel (with a refresh token and Client ID the console refreshes it for you).`,
    );
  }
}

/** Below this much time left, a token would expire on its way to the instance: it is not sent. */
const ARRIVAL_MARGIN_MS = 2000;

function arrivesExpired(expiresAt: number | undefined, now: number): boolean {
  return expiresAt !== undefined && expiresAt - now < ARRIVAL_MARGIN_MS;
}

/**
 * Whether the committed connection's token goes as it is (not an OAuth token due for refresh or
 * expired): `usableConnection` would then be `getConnection()`, so a caller in a hurry may take
 * that without waiting a turn (`loadIntrospection` in src/features/schema/schema.ts).
 */
export function tokenUsableNow(now = Date.now()): boolean {
  const s = getConnection();
  if (s.scheme !== 'bearer' || !s.token.trim()) return true;
  const phase = tokenPhase(s.oauth.expiresAt, now);
  return phase === 'valid' || phase === 'no-expiry';
}

/**
 * The one path every instance request takes (run, introspection, connect check): the token made
 * usable first, then the connection as it is now.
 */
export async function usableConnection(): Promise<ConnectionSettings> {
  await ensureUsableToken();
  return getConnection();
}
