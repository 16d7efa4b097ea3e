import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import https from 'node:https';
import { sendText } from './http-util.ts';

/** Header that names the upstream base URL, and the header that proves the caller is our app. */
export const RELAY_TARGET_HEADER = 'x-relay-target';
export const RELAY_MARKER_HEADER = 'x-debug-console';
/** Set on every response the relay writes itself, so the app can tell them from upstream ones. */
export const RELAY_ERROR_HEADER = 'X-Relay-Error';

export interface RelayOptions {
  /** host:port values this server is reached by (Host header check against DNS rebinding). */
  allowedHosts: string[];
  /** Time allowed for the upstream to connect and send its response headers (ms). */
  timeoutMs?: number;
  /** Longest silence allowed on the upstream connection once the response has started (ms). */
  idleTimeoutMs?: number;
  /** Access log; receives method, path without query, status and duration only. */
  log?: (line: string) => void;
}

interface Route {
  method: 'GET' | 'POST';
  /** Path on the upstream, appended to the target's origin. */
  upstreamPath: string;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
}

const MB = 1024 * 1024;

/** The only paths the relay forwards; compared with the raw request path, so `..`, `%2e` or `//` never match. */
const ROUTES: Record<string, Route> = {
  '/relay/graphql': { method: 'POST', upstreamPath: '/.api/graphql', bodyLimit: 16 * MB },
  '/relay/oauth/token': {
    method: 'POST',
    upstreamPath: '/.auth/idp/oauth/token',
    bodyLimit: 64 * 1024,
  },
  '/relay/analytics/api/reports/by-user-client-date': {
    method: 'GET',
    upstreamPath: '/api/reports/by-user-client-date',
    bodyLimit: 0,
  },
  '/relay/analytics/api/credits': { method: 'GET', upstreamPath: '/api/credits', bodyLimit: 0 },
};

/** Request headers never forwarded: hop-by-hop, the browser's identity, and the relay's own. */
const DROP_REQUEST = new Set([
  'host',
  'cookie',
  'origin',
  'referer',
  RELAY_TARGET_HEADER,
  RELAY_MARKER_HEADER,
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'priority',
]);

/**
 * Response headers never passed back: hop-by-hop ones, cookies (they would land on this
 * server's origin), and the security headers this server sets itself.
 */
const DROP_RESPONSE = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'set-cookie',
  'content-security-policy',
  'content-security-policy-report-only',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'strict-transport-security',
]);

// No keep-alive: reusing an idle upstream socket races the upstream's own idle timeout and the
// request fails with ECONNRESET (seen in CI as a 502). A request body is streamed, so it cannot
// be retried safely; a fresh connection per request is the robust choice.
const agents = {
  'http:': new http.Agent({ keepAlive: false, maxSockets: 256 }),
  'https:': new https.Agent({ keepAlive: false, maxSockets: 256 }),
};

/**
 * The Host values the relay accepts: this server's own names on `port`, plus any host:port in
 * the comma-separated `RELAY_ALLOWED_HOSTS` (for a console reached by another name).
 */
export function relayAllowedHosts(
  hostNames: readonly string[],
  port: number,
  env: Record<string, string | undefined> = process.env,
): string[] {
  const extra = (env.RELAY_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set([...hostNames.map((h) => `${h.toLowerCase()}:${port}`), ...extra])];
}

/** Milliseconds from an environment variable, or the fallback when unset or invalid. */
function envMs(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function relayError(res: ServerResponse, status: number, message: string): void {
  sendText(res, status, message, { [RELAY_ERROR_HEADER]: '1', 'Cache-Control': 'no-store' });
}

/**
 * Parses the `X-Relay-Target` header: an http(s) origin without credentials, query or path.
 * Returns the origin (`scheme://host[:port]`) or an error message that says what to fix.
 */
export function parseRelayTarget(value: string | string[] | undefined): URL | string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return 'Missing X-Relay-Target header: set it to the instance or analytics base URL.';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `X-Relay-Target is not a URL: use a base URL like https://code.example.com.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `X-Relay-Target must start with http:// or https:// (got ${url.protocol}).`;
  if (url.username || url.password)
    return 'X-Relay-Target must not contain a user name or password: put credentials in the token field.';
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    return 'X-Relay-Target must be a base URL without path, query or fragment (e.g. https://code.example.com).';
  return url;
}

/** Checks that the request comes from a page served by this server; returns the refusal or null. */
function refusal(req: IncomingMessage, allowedHosts: ReadonlySet<string>): string | null {
  const host = (req.headers.host ?? '').toLowerCase();
  if (!allowedHosts.has(host))
    return (
      `The relay only answers requests addressed to this server (${[...allowedHosts].join(', ')}); ` +
      `Host "${host}" is not one of them. To reach the console by another name, add it (host:port) ` +
      'to RELAY_ALLOWED_HOSTS.'
    );
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`)
    return `The relay only answers pages served by this server; Origin "${origin}" is not this server.`;
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin')
    return `The relay only answers same-origin requests (Sec-Fetch-Site: ${String(site)}).`;
  if (req.headers[RELAY_MARKER_HEADER] !== '1')
    return 'The relay requires the header X-Debug-Console: 1 (sent by the debug console app).';
  return null;
}

function forwardedRequestHeaders(headers: IncomingHttpHeaders, target: URL): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROP_REQUEST.has(name) || name.startsWith('sec-')) continue;
    out[name] = value;
  }
  out.host = target.host;
  return out;
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is it running, and is the port right?)',
  ENOTFOUND: 'host not found (check the URL)',
  EAI_AGAIN: 'host name lookup failed (DNS); try again',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'the connection timed out',
  EPROTO: 'TLS handshake failed (is it really https?)',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed and not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
};

/** A short human reason for a connection error, with the system code for searching. */
function reason(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  const text = REASONS[code];
  if (text) return `${text} [${code}]`;
  return code ? `${err.message} [${code}]` : err.message;
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

function tooLargeMessage(limit: number): string {
  const size = limit >= MB ? `${limit / MB} MB` : `${limit / 1024} KB`;
  return `Request body too large: the relay accepts at most ${size} on this path.`;
}

/**
 * The relay (README.md): forwards same-origin requests from the app to the four API paths
 * of the instance or analytics service named in `X-Relay-Target`, streaming both ways and
 * passing status, headers and body through unchanged. Never follows redirects, never logs
 * tokens, queries or bodies.
 */
export function createRelay(opts: RelayOptions) {
  const allowedHosts = new Set(opts.allowedHosts.map((h) => h.toLowerCase()));
  const timeoutMs = opts.timeoutMs ?? envMs('RELAY_TIMEOUT_MS', 60_000);
  const idleTimeoutMs = opts.idleTimeoutMs ?? envMs('RELAY_IDLE_TIMEOUT_MS', 60_000);
  const log = opts.log;

  return function relay(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    const rawUrl = req.url ?? '/';
    const q = rawUrl.indexOf('?');
    const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const search = q === -1 ? '' : rawUrl.slice(q);
    if (log)
      res.once('finish', () =>
        log(`relay ${req.method} ${rawPath} ${res.statusCode} ${Date.now() - started}ms`),
      );

    const refused = refusal(req, allowedHosts);
    if (refused) return Promise.resolve(relayError(res, 403, refused));
    const route = Object.hasOwn(ROUTES, rawPath) ? ROUTES[rawPath] : undefined;
    if (!route)
      return Promise.resolve(
        relayError(
          res,
          404,
          `The relay only forwards ${Object.keys(ROUTES).join(', ')}; ${rawPath} is not one of them.`,
        ),
      );
    if (req.method !== route.method) {
      res.setHeader('Allow', route.method);
      return Promise.resolve(
        relayError(res, 405, `Use ${route.method} for ${rawPath} (got ${req.method}).`),
      );
    }
    const target = parseRelayTarget(req.headers[RELAY_TARGET_HEADER]);
    if (typeof target === 'string') return Promise.resolve(relayError(res, 400, target));
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > route.bodyLimit) {
      res.setHeader('Connection', 'close');
      req.resume();
      return Promise.resolve(relayError(res, 413, tooLargeMessage(route.bodyLimit)));
    }
    return forward(req, res, target, route, search);
  };

  function forward(
    req: IncomingMessage,
    res: ServerResponse,
    target: URL,
    route: Route,
    search: string,
  ): Promise<void> {
    return new Promise<void>((resolve) => {
      const origin = target.origin;
      const lib = target.protocol === 'https:' ? https : http;
      const upstream = lib.request({
        protocol: target.protocol,
        hostname: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port || undefined,
        method: route.method,
        path: route.upstreamPath + search,
        headers: forwardedRequestHeaders(req.headers, target),
        agent: agents[target.protocol as 'http:' | 'https:'],
      });
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        clearTimeout(headersTimer);
        resolve();
      };
      const timedOut = (what: string) => {
        if (!res.headersSent) relayError(res, 504, `The relay timed out: ${origin} ${what}.`);
        else res.destroy();
        upstream.destroy();
        finish();
      };
      const headersTimer = setTimeout(
        () => timedOut(`did not answer within ${seconds(timeoutMs)}`),
        timeoutMs,
      );
      // Socket silence, before or during the response (ClientRequest cleans this up on reuse).
      upstream.setTimeout(idleTimeoutMs, () =>
        timedOut(`sent nothing for ${seconds(idleTimeoutMs)}`),
      );

      // The browser went away: abort the upstream request too.
      res.once('close', () => {
        if (!res.writableFinished) upstream.destroy();
        finish();
      });

      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (settled) return;
        if (tooLarge) {
          res.setHeader('Connection', 'close');
          req.resume();
          relayError(res, 413, tooLargeMessage(route.bodyLimit));
        } else if (!res.headersSent) {
          relayError(res, 502, `Could not reach ${origin}: ${reason(err)}.`);
        } else res.destroy();
        finish();
      });

      upstream.on('response', (up) => {
        clearTimeout(headersTimer);
        if (res.headersSent || res.destroyed) {
          up.destroy();
          return;
        }
        for (const [name, value] of Object.entries(up.headers)) {
          if (value === undefined || DROP_RESPONSE.has(name)) continue;
          res.setHeader(name, value);
        }
        res.writeHead(up.statusCode ?? 502, up.statusMessage);
        // Upstream died mid-response: cut ours too, so the client sees a truncated body, not a
        // complete one.
        up.on('error', () => res.destroy());
        up.once('close', () => {
          if (!up.complete) res.destroy();
        });
        up.once('end', finish);
        up.pipe(res);
      });

      let tooLarge = false;
      if (route.method === 'GET') {
        req.resume();
        upstream.end();
      } else {
        // Count while piping (cheaper than a Transform); stop at the limit.
        let size = 0;
        req.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= route.bodyLimit || tooLarge) return;
          tooLarge = true;
          req.unpipe(upstream);
          upstream.destroy(new Error('body too large'));
        });
        req.on('error', () => upstream.destroy());
        req.pipe(upstream);
      }
    });
  }
}
