import { ConnectionError } from './connection-error.ts';
import { readRedirect, RedirectError } from './redirect.ts';
import { clearRedirect, noteRedirect } from './redirect-notice.ts';
import { httpRequest, NetworkError, type TimedResponse } from '../../shared/api/http.ts';
import { buildAuthorization, normalizeBaseUrl } from './auth-header.ts';
import type { ConnectionSettings } from './connection-settings.ts';
import {
  RELAY_HEADERS_HEADER,
  RELAY_MARKER_HEADER,
  RELAY_TARGET_HEADER,
} from '../../shared/contracts/relay.ts';

export interface GraphQLBody {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

export interface SendOptions {
  signal?: AbortSignal;
  /** Extra headers from the Headers editor; the auth header comes from the connection. */
  headers?: Record<string, string>;
  /** Request name appended as `?Name`, as the instance's own clients do. */
  requestName?: string;
}

export { ConnectionError };

/** The relay's own headers; it forwards only the headers listed in X-Relay-Headers (and its allowlist). */
function relayHeaders(target: string, headers: Record<string, string>): Record<string, string> {
  return {
    [RELAY_TARGET_HEADER]: target,
    [RELAY_MARKER_HEADER]: '1',
    [RELAY_HEADERS_HEADER]: Object.keys(headers)
      .map((name) => name.toLowerCase())
      .join(', '),
  };
}

async function send(
  s: ConnectionSettings,
  target: string,
  relayPath: string,
  upstreamPath: string,
  init: RequestInit & { headers: Record<string, string> },
): Promise<TimedResponse> {
  const url = s.transport === 'relay' ? relayPath : target + upstreamPath;
  const headers =
    s.transport === 'relay'
      ? { ...init.headers, ...relayHeaders(target, init.headers) }
      : init.headers;
  try {
    return await httpRequest(url, {
      ...init,
      headers,
      // Same-origin in relay mode: the access gate's cookie (server/access-gate.ts) must reach
      // the relay, which never forwards cookies. Direct calls to an instance carry none.
      credentials: s.transport === 'relay' ? 'same-origin' : 'omit',
      // Never follow a redirect: the browser would re-send the body and headers to its target.
      redirect: 'manual',
    });
  } catch (err) {
    if (err instanceof NetworkError && err.kind === 'network' && s.transport === 'direct') {
      throw new NetworkError(
        `Could not reach ${target}: the browser blocked the request or the host did not answer. ` +
          'Instances usually do not allow cross-origin calls from this page: switch Transport to "Relay".',
        'network',
      );
    }
    if (err instanceof NetworkError && err.kind === 'network') {
      throw new NetworkError(
        "Could not reach this console's server (the relay). Is `npm start` still running?",
        'network',
      );
    }
    throw err;
  }
}

/** `send`, refusing to go on after a redirect: says where the instance redirects instead. */
async function sendChecked(
  s: ConnectionSettings,
  target: string,
  relayPath: string,
  upstreamPath: string,
  init: RequestInit & { headers: Record<string, string> },
): Promise<TimedResponse> {
  const t = await send(s, target, relayPath, upstreamPath, init);
  const redirect = readRedirect(t.response, target, upstreamPath);
  if (redirect) {
    noteRedirect(target, redirect);
    const who = relayPath.startsWith('/relay/analytics') ? 'The analytics service' : undefined;
    throw new RedirectError(redirect, target, who);
  }
  clearRedirect(target);
  return t;
}

function requireBase(s: ConnectionSettings): string {
  const base = normalizeBaseUrl(s.baseUrl);
  if (!base)
    throw new ConnectionError(
      'Enter an Instance URL starting with http:// or https:// (no user name or password in it).',
    );
  return base;
}

/** POST {base_url}/.api/graphql with the connection's auth header, via the relay or directly. */
export function sendGraphQL(
  s: ConnectionSettings,
  body: GraphQLBody,
  opts: SendOptions = {},
): Promise<TimedResponse> {
  const base = requireBase(s);
  const auth = buildAuthorization(s.scheme, s.token, s.sudoUser);
  const suffix = opts.requestName ? `?${encodeURIComponent(opts.requestName)}` : '';
  const headers: Record<string, string> = {
    ...(opts.headers ?? {}),
    'Content-Type': 'application/json',
  };
  if (auth) headers.Authorization = auth;
  return sendChecked(s, base, `/relay/graphql${suffix}`, `/.api/graphql${suffix}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers,
    signal: opts.signal,
  });
}

/** POST {base_url}/.auth/idp/oauth/token (form-encoded), e.g. a refresh_token grant. */
export function sendOAuthToken(
  s: ConnectionSettings,
  form: URLSearchParams,
  signal?: AbortSignal,
): Promise<TimedResponse> {
  const base = requireBase(s);
  return sendChecked(s, base, '/relay/oauth/token', '/.auth/idp/oauth/token', {
    method: 'POST',
    body: form.toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    signal,
  });
}

export type AnalyticsEndpoint = 'reports' | 'credits';
const ANALYTICS_PATHS: Record<AnalyticsEndpoint, string> = {
  reports: '/api/reports/by-user-client-date',
  credits: '/api/credits',
};

/** GET {analytics_url}/api/... with `Authorization: Bearer <analytics token>` (never the instance token). */
export function sendAnalytics(
  s: ConnectionSettings,
  endpoint: AnalyticsEndpoint,
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<TimedResponse> {
  const base = normalizeBaseUrl(s.analyticsUrl);
  if (!base) throw new ConnectionError('Enter an Analytics URL starting with http:// or https://.');
  const path = `${ANALYTICS_PATHS[endpoint]}?${params.toString()}`;
  const headers: Record<string, string> = {};
  if (s.analyticsToken.trim()) headers.Authorization = `Bearer ${s.analyticsToken.trim()}`;
  return sendChecked(s, base, `/relay/analytics${path}`, path, { method: 'GET', headers, signal });
}
