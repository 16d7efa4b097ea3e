/**
 * OAuth bearer tokens: reading what the user pasted (a whole token response or a bare token),
 * and deciding when to refresh. Pure: `now` is always passed in.
 */
interface ParsedToken {
  accessToken: string;
  /** Epoch ms when the access token expires (from `expires_in`). */
  expiresAt?: number;
  refreshToken?: string;
  clientId?: string;
}

export type TokenInputResult = { ok: true; value: ParsedToken } | { ok: false; message: string };

/** Refresh this long before expiry, so a request never races the deadline. */
export const REFRESH_AHEAD_MS = 60_000;

function looksLikeJson(text: string): boolean {
  return text.trimStart().startsWith('{');
}

/**
 * Reads the token field for "OAuth bearer": either a bare token, or the JSON the token endpoint
 * returned (`access_token`, `expires_in`, `refresh_token`; `client_id` too if present).
 */
export function parseTokenInput(text: string, now: number): TokenInputResult {
  const t = text.trim();
  if (!looksLikeJson(t)) {
    if (/\s/.test(t))
      return {
        ok: false,
        message: 'A token has no spaces: paste the token, or the whole JSON token response.',
      };
    return { ok: true, value: { accessToken: t } };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(t);
  } catch (err) {
    return {
      ok: false,
      message: `That looks like a token response but is not valid JSON (${(err as Error).message}). Paste the whole response, or just the access_token value.`,
    };
  }
  return parseTokenResponse(parsed, now);
}

/** Reads a token endpoint's JSON response (also used for refresh answers). */
export function parseTokenResponse(parsed: unknown, now: number): TokenInputResult {
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return {
      ok: false,
      message: 'The token response must be a JSON object with an "access_token".',
    };
  const r = parsed as Record<string, unknown>;
  if (typeof r.access_token !== 'string' || !r.access_token.trim()) {
    const hint =
      typeof r.error === 'string'
        ? ` The server said: ${r.error}${typeof r.error_description === 'string' ? ` (${r.error_description})` : ''}.`
        : '';
    return { ok: false, message: `The token response has no "access_token".${hint}` };
  }
  const value: ParsedToken = { accessToken: r.access_token.trim() };
  const expiresIn = typeof r.expires_in === 'string' ? Number(r.expires_in) : r.expires_in;
  if (typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0)
    value.expiresAt = now + expiresIn * 1000;
  if (typeof r.refresh_token === 'string' && r.refresh_token) value.refreshToken = r.refresh_token;
  if (typeof r.client_id === 'string' && r.client_id) value.clientId = r.client_id;
  return { ok: true, value };
}

export type TokenPhase = 'no-expiry' | 'valid' | 'refresh-due' | 'expired';

/** Where a token stands: fine, due for refresh (within REFRESH_AHEAD_MS), or expired. */
export function tokenPhase(expiresAt: number | undefined, now: number): TokenPhase {
  if (expiresAt === undefined) return 'no-expiry';
  if (now >= expiresAt) return 'expired';
  if (expiresAt - now <= REFRESH_AHEAD_MS) return 'refresh-due';
  return 'valid';
}

/** When to schedule the automatic refresh (ms from now; 0 = now), or undefined without an expiry. */
export function refreshDelay(expiresAt: number | undefined, now: number): number | undefined {
  if (expiresAt === undefined) return undefined;
  return Math.max(0, expiresAt - REFRESH_AHEAD_MS - now);
}

/** "9 min 58 s left", "42 s left", "expired 3 min ago". */
export function formatTimeLeft(expiresAt: number, now: number): string {
  const ms = expiresAt - now;
  const abs = Math.abs(ms);
  const h = Math.floor(abs / 3_600_000);
  const m = Math.floor((abs % 3_600_000) / 60_000);
  const s = Math.floor((abs % 60_000) / 1000);
  const text = h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${s} s` : `${s} s`;
  return ms > 0 ? `${text} left` : `expired ${text} ago`;
}

/** The form body of a refresh_token grant (RFC 6749 §6). */
export function refreshForm(refreshToken: string, clientId: string): URLSearchParams {
  return new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: clientId,
  });
}
