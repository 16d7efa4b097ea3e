/**
 * Validates connection data read back from storage (it may be old, hand-edited, or written by
 * another version): every field of the wrong type is dropped, the valid rest is kept. Pure.
 */
import type { AuthScheme, OAuthState, TransportMode } from './connection-settings.ts';

export interface StoredPublic {
  baseUrl?: string;
  analyticsUrl?: string;
  scheme?: AuthScheme;
  sudoUser?: string;
  transport?: TransportMode;
  remember?: boolean;
}

export interface StoredSecrets {
  token?: string;
  analyticsToken?: string;
  oauth?: OAuthState;
}

const SCHEMES: readonly string[] = ['token', 'bearer', 'sudo'];
const TRANSPORTS: readonly string[] = ['relay', 'direct'];

function record(raw: unknown): Record<string, unknown> {
  return raw && typeof raw === 'object' && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)
    : {};
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export function sanitizePublic(raw: unknown): StoredPublic {
  const r = record(raw);
  return defined({
    baseUrl: str(r.baseUrl),
    analyticsUrl: str(r.analyticsUrl),
    scheme: SCHEMES.includes(r.scheme as string) ? (r.scheme as AuthScheme) : undefined,
    sudoUser: str(r.sudoUser),
    transport: TRANSPORTS.includes(r.transport as string)
      ? (r.transport as TransportMode)
      : undefined,
    remember: typeof r.remember === 'boolean' ? r.remember : undefined,
  });
}

export function sanitizeOAuth(raw: unknown): OAuthState {
  const r = record(raw);
  return defined({
    refreshToken: str(r.refreshToken) || undefined,
    clientId: str(r.clientId) || undefined,
    expiresAt:
      typeof r.expiresAt === 'number' && Number.isFinite(r.expiresAt) ? r.expiresAt : undefined,
    baseUrl: str(r.baseUrl),
  });
}

export function sanitizeSecrets(raw: unknown): StoredSecrets {
  const r = record(raw);
  return defined({
    token: str(r.token),
    analyticsToken: str(r.analyticsToken),
    oauth: r.oauth === undefined ? undefined : sanitizeOAuth(r.oauth),
  });
}
