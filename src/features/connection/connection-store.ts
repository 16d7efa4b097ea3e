import { onOtherTabChange, readJson, removeKey, writeJson } from '../../shared/lib/storage.ts';
import { createStore, useStore } from '../../shared/lib/store.ts';
import { normalizeBaseUrl } from './auth-header.ts';
import {
  sanitizeOAuth,
  sanitizePublic,
  sanitizeSecrets,
  type StoredSecrets,
} from './stored-connection.ts';
import type { ConnectionSettings, OAuthState } from './connection-settings.ts';

export type { AuthScheme, ConnectionSettings, TransportMode } from './connection-settings.ts';

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

/** The tokens of a connection profile other than the active one (see `swapSecrets`). */
type ProfileSecrets = StoredSecrets;

function readVault(raw: unknown): Record<string, ProfileSecrets> {
  const r = raw && typeof raw === 'object' ? (raw as { profiles?: unknown }).profiles : undefined;
  if (!r || typeof r !== 'object' || Array.isArray(r)) return {};
  return Object.fromEntries(
    Object.entries(r as Record<string, unknown>).map(([id, v]) => [id, sanitizeSecrets(v)]),
  );
}

/** Tokens of the inactive connection profiles: in memory, stored only with "Remember". */
let vault: Record<string, ProfileSecrets> = {};

function load(): ConnectionSettings {
  const pub = sanitizePublic(readJson<unknown>(SETTINGS_KEY, {}));
  const raw = pub.remember ? readJson<unknown>(SECRETS_KEY, {}) : {};
  const secrets = sanitizeSecrets(raw);
  vault = readVault(raw);
  return { ...EMPTY, ...pub, ...secrets, oauth: { ...(secrets.oauth ?? {}) } };
}

/** "Remember" as stored for the browser profile: the one truth every open tab follows. */
function storedRemember(): boolean | undefined {
  return sanitizePublic(readJson<unknown>(SETTINGS_KEY, {})).remember;
}

const connection = createStore<ConnectionSettings>(typeof window === 'undefined' ? EMPTY : load());
/** How many deliberate changes there were (`commitConnection`): its listeners hear each one. */
const commits = createStore(0);
/** The last failed save (storage full or unavailable); a new object for each failure. */
const saveFailure = createStore<{ what: string } | undefined>(undefined);

function persist(s: ConnectionSettings): void {
  const { token: _t, analyticsToken: _a, oauth, ...pub } = s;
  let ok = writeJson(SETTINGS_KEY, pub);
  // Secrets are written only when the user opted in, and wiped as soon as they opt out.
  if (s.remember)
    ok =
      writeJson(SECRETS_KEY, {
        token: s.token,
        analyticsToken: s.analyticsToken,
        oauth,
        profiles: vault,
      }) && ok;
  else removeKey(SECRETS_KEY);
  if (!ok) saveFailure.set({ what: 'the connection settings' });
}

export function getConnection(): ConnectionSettings {
  return connection.get();
}

/**
 * Changes the connection. "Remember" is one setting for the browser profile: unless this change
 * sets it, the value stored (by this or another tab) wins, so a tab that missed another's
 * "off" never writes tokens back.
 */
export function updateConnection(patch: Partial<ConnectionSettings>): void {
  const state = connection.get();
  const remember = 'remember' in patch ? patch.remember! : (storedRemember() ?? state.remember);
  const next = { ...state, ...patch, remember };
  persist(next);
  connection.set(next);
}

/**
 * The OAuth refresh data to keep when the Instance URL becomes `baseUrl`: kept for the instance
 * it was entered for (or bound to `baseUrl` when it was entered before any URL), else dropped.
 */
function oauthForBase(oauth: OAuthState, baseUrl: string): OAuthState {
  const next = normalizeBaseUrl(baseUrl) ?? '';
  if (oauth.baseUrl === undefined || oauth.baseUrl === '') return { ...oauth, baseUrl: next };
  return oauth.baseUrl === next ? oauth : {};
}

/**
 * A deliberate change of the connection (Enter, leaving a field, pasting a whole URL or token,
 * Use sandbox, Connect): applied like `updateConnection`, then announced so the panel runs the
 * connect check while the schema loads for the same connection.
 */
export function commitConnection(patch: Partial<ConnectionSettings>): void {
  const next = { ...connection.get(), ...patch };
  const oauth =
    patch.baseUrl !== undefined && !patch.oauth
      ? oauthForBase(next.oauth, next.baseUrl)
      : next.oauth;
  updateConnection({ ...patch, oauth });
  commits.set((n) => n + 1);
}

/**
 * Switches the tokens with a connection profile switch: the current tokens are kept for
 * `fromId`, those kept for `toId` (none if never entered) come in with its settings, so a
 * profile's token is never sent to another profile's URL.
 */
export function swapSecrets(
  fromId: string,
  toId: string,
  settings: Partial<Omit<ConnectionSettings, 'token' | 'analyticsToken' | 'oauth' | 'remember'>>,
): void {
  const state = connection.get();
  const incoming = vault[toId] ?? {};
  const rest = Object.fromEntries(Object.entries(vault).filter(([id]) => id !== toId));
  vault = {
    ...rest,
    [fromId]: { token: state.token, analyticsToken: state.analyticsToken, oauth: state.oauth },
  };
  commitConnection({
    ...settings,
    token: incoming.token ?? '',
    analyticsToken: incoming.analyticsToken ?? '',
    oauth: incoming.oauth ?? {},
  });
}

/** Forgets the tokens kept for a deleted connection profile. */
export function dropSecrets(id: string): void {
  if (!(id in vault)) return;
  vault = Object.fromEntries(Object.entries(vault).filter(([k]) => k !== id));
  persist(connection.get());
}

/** Called after every deliberate change (see `commitConnection`). */
export function onConnectionCommit(listener: () => void): () => void {
  return commits.subscribe(listener);
}

/** Called when a save of the connection failed (quota, storage disabled). */
export function onConnectionSaveFailure(listener: (what: string) => void): () => void {
  return saveFailure.subscribe(() => {
    const failure = saveFailure.get();
    if (failure) listener(failure.what);
  });
}

/**
 * Which field's token a default for that URL field would receive: a token held while the field is
 * empty was entered for another URL (one the user cleared) or for none yet.
 */
const TOKEN_OF: Partial<Record<keyof ConnectionSettings, (s: ConnectionSettings) => boolean>> = {
  baseUrl: (s) => Boolean(s.token || s.oauth.refreshToken),
  analyticsUrl: (s) => Boolean(s.analyticsToken),
};

/**
 * Fills fields the user has not set yet (e.g. from the server's /config.json). An empty Instance
 * or analytics URL stays empty while its token is held: the token goes only to the URL it was
 * entered for, never to a default it was not (the user then enters the URL, or "Use sandbox").
 */
export function applyDefaults(defaults: Partial<ConnectionSettings>): void {
  const state = connection.get();
  const patch: Partial<ConnectionSettings> = {};
  for (const [k, v] of Object.entries(defaults) as [keyof ConnectionSettings, never][]) {
    if (!state[k] && v && !TOKEN_OF[k]?.(state)) patch[k] = v;
  }
  if (Object.keys(patch).length) updateConnection(patch);
}

/**
 * What another tab stored, applied here without writing anything back: "Remember" always
 * (turning it off drops nothing from this tab's memory but stops it storing tokens), and a
 * newer OAuth token for the same instance (another tab refreshed it: its refresh token is
 * one-time, so ours is spent).
 */
export function adoptFromStorage(): void {
  const state = connection.get();
  const remember = storedRemember() ?? false;
  let next: ConnectionSettings = { ...state, remember };
  if (remember) {
    const secrets = sanitizeSecrets(readJson<unknown>(SECRETS_KEY, {}));
    const theirs = sanitizeOAuth(secrets.oauth);
    if (
      state.scheme === 'bearer' &&
      secrets.token &&
      theirs.baseUrl === state.oauth.baseUrl &&
      (theirs.expiresAt ?? 0) > (state.oauth.expiresAt ?? 0)
    )
      next = { ...next, token: secrets.token, oauth: theirs };
  }
  if (next.remember === state.remember && next.token === state.token) return;
  connection.set(next);
}

if (typeof window !== 'undefined') {
  onOtherTabChange(SETTINGS_KEY, adoptFromStorage);
  onOtherTabChange(SECRETS_KEY, adoptFromStorage);
}

export const subscribeConnection = connection.subscribe;

/** The connection, or the part of it `select` picks (re-renders only when that part changes). */
export function useConnection(): ConnectionSettings;
export function useConnection<S>(select: (c: ConnectionSettings) => S): S;
export function useConnection<S>(select?: (c: ConnectionSettings) => S): ConnectionSettings | S {
  return useStore<ConnectionSettings, ConnectionSettings | S>(connection, select ?? ((c) => c));
}
