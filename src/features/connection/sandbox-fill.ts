import { httpRequest } from '../../shared/api/http.ts';
import { normalizeBaseUrl } from './auth-header.ts';
import { commitConnection, getConnection, type ConnectionSettings } from './connection-store.ts';

/** The part of `/sandbox.json` the connection panel uses. */
export interface SandboxJson {
  base_url: string;
  analytics_url: string;
  tokens: Record<string, string>;
  oauth?: { access_token: string; refresh_token: string; expires_in: number; client_id: string };
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

/** Fetches this server's `/sandbox.json` and fills the connection. Throws a user-facing message. */
export async function fillFromSandbox(): Promise<void> {
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
        ? 'No sandbox here: this server runs with SANDBOX=off (or the app is on a static host).'
        : `Loading /sandbox.json failed (HTTP ${res.status}).`,
    );
  const info = (await res.json()) as SandboxJson;
  commitConnection(sandboxPatch(info, getConnection(), Date.now()));
}
