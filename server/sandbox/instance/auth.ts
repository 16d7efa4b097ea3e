/**
 * Authentication as a real instance does it (server/sandbox/instance/README.md): `?token=` → Basic username →
 * `Authorization` (`token`, `token token="…"`, `token-sudo user="…",token="…"`, and `Bearer` for
 * OAuth access tokens, which expire). Outcomes are the exact plain-text 401/403 bodies.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { requestUrl } from '../../http-util.ts';
import { userByName, type UserRecord } from './data.ts';

export type Scope = 'user:all' | 'site-admin:sudo';

interface AccessToken {
  user: UserRecord;
  scopes: Scope[];
  revoked: boolean;
}

interface OAuthAccess {
  user: UserRecord;
  expiresAt: number;
}

interface OAuthRefresh {
  user: UserRecord;
  clientId: string;
}

export type AuthOutcome =
  | { ok: true; user: UserRecord | null }
  | { ok: false; status: number; message: string; headers?: Record<string, string> };

const MSG = {
  invalidHeader: 'Invalid Authorization header.',
  invalidToken: 'Invalid access token.',
  private: 'Private mode requires authentication.',
  sudoMissing: 'Unable to sudo to nonexistent user.',
  sudoNotAdmin: 'The subject user of a sudo access token must be a site admin.',
  /** Our choice: the real text for an expired OAuth token is not public. */
  oauthExpired: 'OAuth access token expired.',
} as const;

const TOKEN_RE = /^(?:sgp_|sgph_)?(?:[a-fA-F0-9]{16}_|local_)?([a-fA-F0-9]{40})$/;

/** 40 hex characters derived from a fixed label: demo tokens are the same on every start. */
function demoHex(label: string): string {
  return createHash('sha256').update(`debug-console sandbox ${label}`).digest('hex').slice(0, 40);
}

/** Reads the lifetime of issued OAuth access tokens (SANDBOX_OAUTH_TTL seconds, default 600). */
export function oauthTtlSeconds(env: Record<string, string | undefined> = process.env): number {
  const n = Number(env.SANDBOX_OAUTH_TTL);
  return Number.isInteger(n) && n > 0 ? n : 600;
}

/** The sandbox's token store: personal access tokens and OAuth tokens. */
export class TokenStore {
  private pats = new Map<string, AccessToken>();
  private access = new Map<string, OAuthAccess>();
  private refresh = new Map<string, OAuthRefresh>();
  readonly clientId = 'sgo_cid_sandbox-debug-console';
  readonly demo: { user: string; admin: string; revoked: string; oauth: string; refresh: string };

  /**
   * @param maxOAuthTokens how many issued access (and refresh) tokens are kept; beyond it the
   *   oldest are forgotten (the demo ones never), so clients that refresh forever cannot grow
   *   the store without bound.
   */
  constructor(
    readonly ttlSeconds: number,
    private now: () => number = Date.now,
    private maxOAuthTokens = 10_000,
  ) {
    const user = this.addPat('alice', ['user:all'], 'user');
    const admin = this.addPat('admin', ['user:all', 'site-admin:sudo'], 'admin');
    const revoked = this.addPat('carol', ['user:all'], 'revoked');
    this.pats.get((TOKEN_RE.exec(revoked)?.[1] ?? '').toLowerCase())!.revoked = true;
    const oauth = `sgo_local_${demoHex('oauth access')}`;
    const refresh = `sgr_local_${demoHex('oauth refresh')}`;
    const bob = userByName('bob')!;
    this.access.set(oauth, { user: bob, expiresAt: this.now() + ttlSeconds * 1000 });
    this.refresh.set(refresh, { user: bob, clientId: this.clientId });
    this.demo = { user, admin, revoked, oauth, refresh };
  }

  private addPat(username: string, scopes: Scope[], label: string): string {
    const hex = demoHex(`pat ${label}`);
    this.pats.set(hex, { user: userByName(username)!, scopes, revoked: false });
    return `sgp_local_${hex}`;
  }

  /** Looks a personal access token up; requires `scope`. */
  lookupPat(token: string, scope: Scope): AccessToken | undefined {
    const m = TOKEN_RE.exec(token.trim());
    const t = m ? this.pats.get((m[1] ?? '').toLowerCase()) : undefined;
    return t && !t.revoked && t.scopes.includes(scope) ? t : undefined;
  }

  /** Checks an OAuth bearer token: the user, 'expired', or undefined when unknown. */
  lookupBearer(token: string): UserRecord | 'expired' | undefined {
    const a = this.access.get(token.trim());
    if (!a) return undefined;
    return a.expiresAt <= this.now() ? 'expired' : a.user;
  }

  /** Exchanges a refresh token (one-time use) for a new access token and refresh token. */
  exchangeRefresh(
    refreshToken: string,
    clientId: string | undefined,
  ):
    | { access_token: string; refresh_token: string; expires_in: number }
    | 'invalid_grant'
    | 'invalid_client' {
    const r = this.refresh.get(refreshToken);
    if (!r) return 'invalid_grant';
    if (clientId !== undefined && clientId !== r.clientId) return 'invalid_client';
    this.refresh.delete(refreshToken);
    const access_token = `sgo_local_${randomBytes(20).toString('hex')}`;
    const refresh_token = `sgr_local_${randomBytes(20).toString('hex')}`;
    this.access.set(access_token, { user: r.user, expiresAt: this.now() + this.ttlSeconds * 1000 });
    this.refresh.set(refresh_token, { user: r.user, clientId: r.clientId });
    this.trim(this.access);
    this.trim(this.refresh);
    return { access_token, refresh_token, expires_in: this.ttlSeconds };
  }

  /** Issued OAuth tokens held (access and refresh), demo ones included. */
  oauthTokenCount(): number {
    return this.access.size + this.refresh.size;
  }

  /** Forgets the oldest issued tokens beyond the cap; the demo tokens stay. */
  private trim(map: Map<string, unknown>): void {
    for (const key of map.keys()) {
      if (map.size <= this.maxOAuthTokens) return;
      if (key !== this.demo.oauth && key !== this.demo.refresh) map.delete(key);
    }
  }
}

/** Parses `k="v",k2=v2` auth-params; null when malformed or a key repeats (→ ignored scheme). */
function parseParams(s: string): Map<string, string> | 'malformed' | 'duplicate' {
  const out = new Map<string, string>();
  for (const part of s.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return 'malformed';
    const key = part.slice(0, eq).trim().toLowerCase();
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
      value = value.slice(1, -1);
    if (out.has(key)) return 'duplicate';
    out.set(key, value);
  }
  return out;
}

function basicUsername(header: string | undefined): string | undefined {
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  const user = i === -1 ? decoded : decoded.slice(0, i);
  return user || undefined;
}

function patOutcome(store: TokenStore, token: string): AuthOutcome {
  const t = store.lookupPat(token, 'user:all');
  return t ? { ok: true, user: t.user } : { ok: false, status: 401, message: MSG.invalidToken };
}

/**
 * Authenticates a request. `publicMode` decides what an anonymous request gets: `currentUser`
 * null (public) or 401 `Private mode requires authentication.` (private, the default).
 */
export function authenticate(
  req: IncomingMessage,
  store: TokenStore,
  publicMode: boolean,
): AuthOutcome {
  const anonymous = (): AuthOutcome =>
    publicMode ? { ok: true, user: null } : { ok: false, status: 401, message: MSG.private };
  const url = requestUrl(req);
  const header = req.headers.authorization;
  const queryToken = url.searchParams.get('token');
  if (queryToken) return patOutcome(store, queryToken);
  const basic = basicUsername(header);
  if (basic) return patOutcome(store, basic);
  if (!header) return anonymous();

  const sp = header.indexOf(' ');
  const scheme = sp === -1 ? header : header.slice(0, sp);
  const rest = sp === -1 ? '' : header.slice(sp + 1).trim();
  if (scheme === 'token') {
    if (!rest) return { ok: false, status: 401, message: MSG.invalidHeader };
    if (rest.includes('=')) {
      const params = parseParams(rest);
      if (params === 'duplicate') return anonymous();
      const token = params === 'malformed' ? undefined : params.get('token');
      if (!token) return { ok: false, status: 401, message: MSG.invalidHeader };
      return patOutcome(store, token);
    }
    return patOutcome(store, rest);
  }
  if (scheme === 'token-sudo') {
    const params = rest.includes('=') ? parseParams(rest) : 'malformed';
    if (params === 'duplicate') return anonymous();
    const token = params === 'malformed' ? undefined : params.get('token');
    const username = params === 'malformed' ? undefined : params.get('user');
    if (!token || !username) return { ok: false, status: 401, message: MSG.invalidHeader };
    const t = store.lookupPat(token, 'site-admin:sudo');
    if (!t) return { ok: false, status: 401, message: MSG.invalidToken };
    if (!t.user.siteAdmin) return { ok: false, status: 403, message: MSG.sudoNotAdmin };
    const target = userByName(username);
    if (!target) return { ok: false, status: 403, message: MSG.sudoMissing };
    return { ok: true, user: target };
  }
  if (scheme === 'Bearer') {
    if (!rest) return { ok: false, status: 401, message: MSG.invalidHeader };
    const r = store.lookupBearer(rest);
    if (r === 'expired')
      return {
        ok: false,
        status: 401,
        message: MSG.oauthExpired,
        headers: {
          'WWW-Authenticate': 'Bearer error="invalid_token", error_description="expired"',
        },
      };
    if (!r) return { ok: false, status: 401, message: MSG.invalidToken };
    return { ok: true, user: r };
  }
  // Any other scheme is ignored on a normal instance: the request continues unauthenticated.
  return anonymous();
}
