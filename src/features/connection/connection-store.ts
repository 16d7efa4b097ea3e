import { useSyncExternalStore } from 'react';
import { readJson, removeKey, writeJson } from '../../shared/lib/storage.ts';

export type AuthScheme = 'token' | 'bearer' | 'sudo';
export type TransportMode = 'relay' | 'direct';

/** OAuth details when the scheme is "OAuth bearer" and the user pasted a token response. */
export interface OAuthState {
  refreshToken?: string;
  clientId?: string;
  /** Epoch milliseconds at which the access token expires. */
  expiresAt?: number;
}

/** Where to connect and with what. Tokens are secrets: see `persist`. */
export interface ConnectionSettings {
  baseUrl: string;
  analyticsUrl: string;
  scheme: AuthScheme;
  token: string;
  sudoUser: string;
  analyticsToken: string;
  transport: TransportMode;
  /** Opt-in: keep tokens in this browser's localStorage. Off by default. */
  remember: boolean;
  oauth: OAuthState;
}

const SETTINGS_KEY = 'connection';
const SECRETS_KEY = 'connection-secrets';

const EMPTY: ConnectionSettings = {
  baseUrl: '',
  analyticsUrl: '',
  scheme: 'token',
  token: '',
  sudoUser: '',
  analyticsToken: '',
  transport: 'relay',
  remember: false,
  oauth: {},
};

type Secrets = Pick<ConnectionSettings, 'token' | 'analyticsToken' | 'oauth'>;
type Public = Omit<ConnectionSettings, keyof Secrets>;

function load(): ConnectionSettings {
  const pub = readJson<Partial<Public>>(SETTINGS_KEY, {});
  const secrets = pub.remember ? readJson<Partial<Secrets>>(SECRETS_KEY, {}) : {};
  return { ...EMPTY, ...pub, ...secrets, oauth: { ...(secrets.oauth ?? {}) } };
}

let state: ConnectionSettings = typeof window === 'undefined' ? EMPTY : load();
const listeners = new Set<() => void>();

function persist(s: ConnectionSettings): void {
  const { token: _t, analyticsToken: _a, oauth, ...pub } = s;
  writeJson(SETTINGS_KEY, pub);
  // Secrets are written only when the user opted in, and wiped as soon as they opt out.
  if (s.remember)
    writeJson(SECRETS_KEY, { token: s.token, analyticsToken: s.analyticsToken, oauth });
  else removeKey(SECRETS_KEY);
}

export function getConnection(): ConnectionSettings {
  return state;
}

export function updateConnection(patch: Partial<ConnectionSettings>): void {
  state = { ...state, ...patch };
  persist(state);
  for (const l of listeners) l();
}

/** Fills fields the user has not set yet (e.g. from the server's /config.json). */
export function applyDefaults(defaults: Partial<ConnectionSettings>): void {
  const patch: Partial<ConnectionSettings> = {};
  for (const [k, v] of Object.entries(defaults) as [keyof ConnectionSettings, never][]) {
    if (!state[k] && v) patch[k] = v;
  }
  if (Object.keys(patch).length) updateConnection(patch);
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnection(): ConnectionSettings {
  return useSyncExternalStore(subscribeConnection, getConnection, getConnection);
}
