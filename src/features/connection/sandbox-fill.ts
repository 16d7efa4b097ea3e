import { httpRequest } from '../../shared/api/http.ts';
import { normalizeBaseUrl } from './auth-header.ts';
import { serverRunsSandbox } from './server-defaults.ts';
import { commitConnection, getConnection, type ConnectionSettings } from './connection-store.ts';

/** The part of `/sandbox.json` the connection panel and the Analytics tab use. */
export interface SandboxJson {
  base_url: string;
  analytics_url: string;
  tokens: Record<string, string>;
  oauth?: { access_token: string; refresh_token: string; expires_in: number; client_id: string };
  /** Instance hosts the analytics sandbox knows. */
  instances?: string[];
}

/** The connection patch "Use sandbox" applies, for the scheme currently chosen. Pure. */
export function sandboxPatch(
  info: SandboxJson,
  current: Pick<ConnectionSettings, 'scheme' | 'sudoUser'>,
  now: number,
): Partial<ConnectionSettings> {
  const patch: Partial<ConnectionSettings> = {
    baseUrl: info.base_url,
    analyticsUrl: info.analytics_url,
    analyticsToken: info.tokens.analytics ?? '',
    oauth: {},
  };
  if (current.scheme === 'bearer' && info.oauth) {
    patch.token = info.oauth.access_token;
    patch.oauth = {
      refreshToken: info.oauth.refresh_token,
      clientId: info.oauth.client_id,
      expiresAt: now + info.oauth.expires_in * 1000,
      baseUrl: normalizeBaseUrl(info.base_url) ?? info.base_url,
    };
  } else if (current.scheme === 'sudo') {
    patch.token = info.tokens.admin ?? '';
  } else {
    patch.token = info.tokens.user ?? '';
  }
  return patch;
}

/** How long a `/sandbox.json` fetched ahead may stand in for a fresh one (ms). */
export const SANDBOX_AHEAD_MAX_AGE_MS = 60_000;

/** A `/sandbox.json` fetched ahead (`prefetchSandboxInfo`), until used or too old. */
let ahead: { at: number; info: Promise<SandboxJson> } | undefined;

const isFresh = (a: typeof ahead, now: number): a is NonNullable<typeof ahead> =>
  !!a && now - a.at < SANDBOX_AHEAD_MAX_AGE_MS;

/**
 * Starts fetching `/sandbox.json` now, so that the next "Use sandbox" fills the fields without a
 * round trip (on a busy page that round trip waits behind the page's own requests). The answer
 * stays in memory only, is used by one `loadSandboxInfo` within `SANDBOX_AHEAD_MAX_AGE_MS`, and is
 * dropped after that. Does nothing while a fresh one is pending or held.
 */
export function prefetchSandboxInfo(now = Date.now()): void {
  if (isFresh(ahead, now)) return;
  const entry = { at: now, info: fetchSandboxInfo() };
  entry.info.catch(() => undefined);
  ahead = entry;
  setTimeout(() => {
    if (ahead === entry) ahead = undefined;
  }, SANDBOX_AHEAD_MAX_AGE_MS);
}

/** `prefetchSandboxInfo` where the page's server runs a sandbox (not on a static host). */
export function prefetchSandboxIfServed(): void {
  if (serverRunsSandbox()) prefetchSandboxInfo();
}

/**
 * This server's `/sandbox.json` (URLs, demo tokens and the analytics instances), for the
 * connection panel and the Analytics tab alike: the one `prefetchSandboxInfo` fetched if it is
 * fresh and did not fail, else fetched now. Throws a user-facing message.
 */
export function loadSandboxInfo(now = Date.now()): Promise<SandboxJson> {
  const a = ahead;
  ahead = undefined;
  return isFresh(a, now) ? a.info.catch(() => fetchSandboxInfo()) : fetchSandboxInfo();
}

async function fetchSandboxInfo(): Promise<SandboxJson> {
  let res: Response;
  try {
    res = (await httpRequest('/sandbox.json', { headers: { Accept: 'application/json' } }))
      .response;
  } catch {
    throw new Error(
      "Could not load /sandbox.json from this console's server. Is `npm start` running?",
    );
  }
  if (!res.ok)
    throw new Error(
      res.status === 404
        ? 'No sandbox here: this server runs with SANDBOX=off (or the app is on a static host). Enter the URL and token yourself.'
        : `Loading /sandbox.json failed (HTTP ${res.status}). Enter the URL and token yourself.`,
    );
  return (await res.json()) as SandboxJson;
}

const sandboxCommits = new Set<() => void>();

/**
 * Called right after "Use sandbox" has committed its connection, in the same task. The schema
 * feature starts the schema's request there (`prefetchSchema`), so that it leaves with the
 * commit, not once React has rendered the new connection; connection does not import schema.
 */
export function onSandboxCommit(listener: () => void): () => void {
  sandboxCommits.add(listener);
  return () => sandboxCommits.delete(listener);
}

/** Fills the connection from this server's sandbox. Throws a user-facing message. */
export async function fillFromSandbox(): Promise<void> {
  const info = await loadSandboxInfo();
  commitConnection(sandboxPatch(info, getConnection(), Date.now()));
  for (const l of [...sandboxCommits]) l();
}
