/**
 * Bearer tokens of the analytics sandbox. Tokens look like the service's own (`sams_at_…`) and are
 * derived from fixed labels, so they are the same on every start.
 */
import { createHash } from 'node:crypto';

/** Plain-text bodies of the 401 answers (our wording; the real ones are undocumented). */
export const AUTH_ERRORS = {
  missing: 'Missing access token: send the header "Authorization: Bearer <token>".',
  scheme: 'Unsupported authorization scheme: send "Authorization: Bearer <token>".',
  invalid: 'Invalid access token.',
  revoked: 'Access token has been revoked: create a new one on the access tokens page.',
  expired: 'Access token has expired: create a new one on the access tokens page.',
} as const;

type TokenState = 'valid' | 'expired' | 'revoked';

export interface TokenInfo {
  role: string;
  state: TokenState;
  /** Instance hosts this token's user may see (`'*'` for all, fault hosts included). */
  instances: string[] | '*';
}

function demoToken(label: string): string {
  return (
    'sams_at_' +
    createHash('sha256')
      .update(`debug-console analytics sandbox ${label}`)
      .digest('hex')
      .slice(0, 32)
  );
}

/** Demo tokens by role, and what each grants. `limitedHosts` are visible to `analytics_limited`. */
export function createTokens(limitedHosts: string[]): Map<string, TokenInfo> {
  const entries: TokenInfo[] = [
    { role: 'analytics', state: 'valid', instances: '*' },
    { role: 'analytics_limited', state: 'valid', instances: limitedHosts },
    { role: 'analytics_expired', state: 'expired', instances: '*' },
    { role: 'analytics_revoked', state: 'revoked', instances: '*' },
  ];
  return new Map(entries.map((t) => [demoToken(t.role), t]));
}

/** Resolves the `Authorization` header to a token, or the 401 message to send. */
export function authenticate(
  header: string | undefined,
  tokens: Map<string, TokenInfo>,
): { ok: true; token: TokenInfo } | { ok: false; message: string } {
  if (!header || header.trim() === '') return { ok: false, message: AUTH_ERRORS.missing };
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (!m) return { ok: false, message: AUTH_ERRORS.scheme };
  const token = tokens.get(m[1] ?? '');
  if (!token) return { ok: false, message: AUTH_ERRORS.invalid };
  if (token.state === 'revoked') return { ok: false, message: AUTH_ERRORS.revoked };
  if (token.state === 'expired') return { ok: false, message: AUTH_ERRORS.expired };
  return { ok: true, token };
}
