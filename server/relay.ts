import http, {
  type ClientRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  RELAY_ERROR_HEADER,
  RELAY_HEADERS_HEADER,
  RELAY_MARKER_HEADER,
  RELAY_REDIRECT_HEADER,
  RELAY_TARGET_HEADER,
} from '../src/shared/contracts/relay.ts';
import { hostHeaderValues } from './hosts.ts';
import { readBody, sendText } from './http-util.ts';
import {
  createUpstreamAgents,
  isStaleReuse,
  trackSocket,
  type SocketTrack,
  type UpstreamAgents,
} from './upstream-agents.ts';

const TARGET = RELAY_TARGET_HEADER.toLowerCase();
const MARKER = RELAY_MARKER_HEADER.toLowerCase();
const USER_HEADERS = RELAY_HEADERS_HEADER.toLowerCase();

export interface RelayOptions {
  /**
   * host:port values this server is reached by (Host header check against DNS rebinding), or
   * null to accept any Host: only behind the access gate (server/access-gate.ts), whose cookie a
   * rebinding site can never hold.
   */
  allowedHosts: readonly string[] | null;
  /** Time allowed for the upstream to connect and send its response headers (ms). */
  timeoutMs?: number;
  /** Longest silence allowed on the upstream connection once the response has started (ms). */
  idleTimeoutMs?: number;
  /** Access log; receives method, path without query, status and duration only. */
  log?: (line: string) => void;
  /** How long an idle upstream connection is kept for reuse (ms; upstream-agents.ts). */
  keepAliveMs?: number;
}

interface Route {
  method: 'GET' | 'POST';
  /** What the target is, in messages: its name and the connection field that holds its URL. */
  service: 'instance' | 'analytics';
  /** Path on the upstream, appended to the target's origin. */
  upstreamPath: string;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
}

const MB = 1024 * 1024;

/** The only paths the relay forwards; compared with the raw request path, so `..`, `%2e` or `//` never match. */
const ROUTES: Record<string, Route> = {
  '/relay/graphql': {
    method: 'POST',
    service: 'instance',
    upstreamPath: '/.api/graphql',
    bodyLimit: 16 * MB,
  },
  '/relay/oauth/token': {
    method: 'POST',
    service: 'instance',
    upstreamPath: '/.auth/idp/oauth/token',
    bodyLimit: 64 * 1024,
  },
  '/relay/analytics/api/reports/by-user-client-date': {
    method: 'GET',
    service: 'analytics',
    upstreamPath: '/api/reports/by-user-client-date',
    bodyLimit: 0,
  },
  '/relay/analytics/api/credits': {
    method: 'GET',
    service: 'analytics',
    upstreamPath: '/api/credits',
    bodyLimit: 0,
  },
};

const SERVICE = {
  instance: { name: 'The instance', field: 'Instance URL' },
  analytics: { name: 'The analytics service', field: 'Analytics URL' },
} as const;

/**
 * Request headers the app itself sets (transport.ts, the tracing and feature-flag options):
 * forwarded when present. Anything else the browser adds (cookies, `Sec-*`, `Origin`, ...) is not.
 */
const APP_REQUEST_HEADERS = new Set([
  'authorization',
  'content-type',
  'content-length',
  'content-encoding',
  'accept',
  'accept-encoding',
  'user-agent',
  'x-requested-with',
  'x-sourcegraph-client',
  'x-sourcegraph-should-trace',
  'x-sourcegraph-override-feature',
]);

/**
 * Never forwarded, even when the page lists them in X-Relay-Headers: hop-by-hop headers, the
 * browser's identity, forwarding headers an upstream might trust, and the relay's own.
 */
const NEVER_FORWARD = new Set([
  'host',
  'cookie',
  'origin',
  'referer',
  TARGET,
  MARKER,
  USER_HEADERS,
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'priority',
  'via',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
]);

/** Most names the page may list in X-Relay-Headers. */
const MAX_USER_HEADERS = 64;
const TOKEN_RE = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/**
 * Response headers passed back to the page: what a client of the API needs. Everything else
 * (`Set-Cookie`, `Clear-Site-Data`, `Refresh`, `Link`, CSP, ...) would act on this server's
 * origin, so it stays behind.
 */
const PASS_RESPONSE = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'retry-after',
  'www-authenticate',
  'x-request-id',
  'x-trace',
  'x-trace-span',
  'x-trace-url',
]);
/** Rate-limit headers: the de-facto `X-RateLimit-*` and the IETF draft's `RateLimit*`. */
const PASS_RESPONSE_PREFIXES = ['x-ratelimit-', 'ratelimit'];

function passesBack(name: string): boolean {
  if (PASS_RESPONSE.has(name)) return true;
  for (const prefix of PASS_RESPONSE_PREFIXES) if (name.startsWith(prefix)) return true;
  return false;
}

/** A reason phrase safe to repeat (Node refuses control characters; we also drop non-ASCII). */
const REASON_RE = /^[\t\x20-\x7e]*$/;

/**
 * Request bodies up to this size (declared by Content-Length) are read whole before they are
 * sent, so the relay can send them again on a fresh connection when a pooled one turns out to
 * be closed (upstream-agents.ts). Bigger or chunked bodies stream through, once, on a
 * connection of their own.
 */
const REPLAYABLE_BODY = 1024 * 1024;

/** Connection failures that may have cut a streamed request body short. */
const STREAM_BROKEN = new Set(['ECONNRESET', 'EPIPE']);

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
  return [...new Set([...hostNames.flatMap((h) => hostHeaderValues(h, port)), ...extra])];
}

/** Milliseconds from an environment variable, or the fallback when unset or invalid. */
function envMs(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function relayError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendText(res, status, message, {
    ...headers,
    [RELAY_ERROR_HEADER]: '1',
    'Cache-Control': 'no-store',
  });
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
function refusal(req: IncomingMessage, allowedHosts: ReadonlySet<string> | null): string | null {
  const host = (req.headers.host ?? '').toLowerCase();
  if (allowedHosts && !allowedHosts.has(host))
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
  if (req.headers[MARKER] !== '1')
    return 'The relay requires the header X-Debug-Console: 1 (sent by the debug console app).';
  return null;
}

/** The header names the page lists in X-Relay-Headers that may be forwarded. */
function userHeaderNames(value: string): ReadonlySet<string> {
  const names = new Set<string>();
  for (const part of value.split(',')) {
    const name = part.trim().toLowerCase();
    if (names.size >= MAX_USER_HEADERS) break;
    if (!TOKEN_RE.test(name) || NEVER_FORWARD.has(name)) continue;
    if (name.startsWith('sec-') || name.startsWith('proxy-')) continue;
    names.add(name);
  }
  return names;
}

const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * Distinct values of a request header kept with what the relay derived from them (a parsed
 * target, a list of header names): the app sends the same few values on every request.
 * Bounded: a client sending ever new values only ever costs this many entries of at most this
 * many characters (a longer value is derived anew each time).
 */
const MAX_CACHED_VALUES = 64;
const MAX_CACHED_LENGTH = 512;

function cached<T>(cache: Map<string, T>, value: string, derive: (value: string) => T): T {
  let hit = cache.get(value);
  if (hit === undefined) {
    hit = derive(value);
    if (value.length > MAX_CACHED_LENGTH) return hit;
    if (cache.size >= MAX_CACHED_VALUES) cache.clear();
    cache.set(value, hit);
  }
  return hit;
}

/** Headers to the upstream, by allowlist: what the app sets plus the user's listed ones. */
function forwardedRequestHeaders(
  headers: IncomingHttpHeaders,
  listed: ReadonlySet<string>,
  host: string,
): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    if (APP_REQUEST_HEADERS.has(name) || listed.has(name)) out[name] = value;
  }
  out.host = host;
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

/** What went wrong before the upstream's response started, in words the user can act on. */
function upstreamFailure(origin: string, err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  if (code === 'HPE_HEADER_OVERFLOW')
    return `${origin} answered, but its response headers are too large (over 16 KB) [${code}].`;
  if (code === 'HPE_INVALID_CONSTANT')
    return `${origin} did not answer with HTTP/1.x: is the port right, and is it http:// or https://? [${code}]`;
  if (code === 'HPE_UNEXPECTED_CONTENT_LENGTH' || code === 'HPE_INVALID_TRANSFER_ENCODING')
    return `${origin} sent a malformed HTTP response: conflicting Content-Length or Transfer-Encoding headers [${code}].`;
  if (code.startsWith('HPE_'))
    return `${origin} sent a malformed HTTP response (${err.message.replace(/^Parse Error: /, '')}) [${code}].`;
  if (code === 'ECONNRESET' && err.message === 'socket hang up')
    return `${origin} closed the connection without answering [${code}].`;
  return `Could not reach ${origin}: ${reason(err)}.`;
}

/**
 * The relay's answer to an upstream 3xx: never passed on (the browser would follow it with the
 * body and the user's headers); instead a 502 that says where the target redirects to.
 */
function redirectAnswer(
  route: Route,
  origin: string,
  status: number,
  location: string | undefined,
): { message: string; href?: string } {
  const { name, field } = SERVICE[route.service];
  const at = `${name} at ${origin}`;
  if (!location)
    return {
      message: `${at} answered ${status} without a Location; the relay passes no redirects on. Check the ${field}.`,
    };
  let href: URL;
  try {
    href = new URL(location, origin + route.upstreamPath);
  } catch {
    return {
      message: `${at} redirects to an invalid location (${status}: ${JSON.stringify(location.slice(0, 200))}). Check the ${field}.`,
    };
  }
  const advice =
    href.pathname === route.upstreamPath &&
    (href.protocol === 'http:' || href.protocol === 'https:')
      ? `Use ${href.origin} as the ${field}.`
      : `Check the ${field}: the API is not at ${origin}.`;
  return { message: `${at} redirects to ${href.href} (${status}). ${advice}`, href: href.href };
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

function tooLargeMessage(limit: number): string {
  const size = limit >= MB ? `${limit / MB} MB` : `${limit / 1024} KB`;
  return `Request body too large: the relay accepts at most ${size} on this path.`;
}

/** A parsed `X-Relay-Target` with what a request to it needs. */
interface Target {
  origin: string;
  protocol: 'http:' | 'https:';
  /** Without the brackets of an IPv6 literal, as `http.request` wants it. */
  hostname: string;
  port: string | undefined;
  /** The Host header the upstream gets. */
  host: string;
  /**
   * TLS server name: the host name, or '' for an IP address, as Node's agent derives it from
   * the Host header (given here, the agent skips deriving it on every request).
   */
  servername: string;
}

function toTarget(value: string): Target | string {
  const url = parseRelayTarget(value);
  if (typeof url === 'string') return url;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return {
    origin: url.origin,
    protocol: url.protocol as 'http:' | 'https:',
    hostname,
    port: url.port || undefined,
    host: url.host,
    servername: isIP(hostname) ? '' : hostname,
  };
}

/** What every forwarding of one relay shares. */
interface RelayContext {
  agents: UpstreamAgents;
  timeoutMs: number;
  idleTimeoutMs: number;
}

/**
 * The relay: forwards same-origin requests from the app to the four API paths of the instance
 * or analytics service named in `X-Relay-Target`, streaming both ways, passing status and body
 * through and headers by allowlist (server/README.md). Answers an upstream redirect itself (a
 * 502 naming the new URL) and anything it cannot pass on with a 502 that says why; never logs
 * tokens, queries or bodies. The returned promise settles once the request is on its way (or
 * answered by the relay itself): nothing waits on it while the answer streams.
 */
export function createRelay(opts: RelayOptions) {
  const allowedHosts = opts.allowedHosts
    ? new Set(opts.allowedHosts.map((h) => h.toLowerCase()))
    : null;
  const log = opts.log;
  const ctx: RelayContext = {
    timeoutMs: opts.timeoutMs ?? envMs('RELAY_TIMEOUT_MS', 60_000),
    idleTimeoutMs: opts.idleTimeoutMs ?? envMs('RELAY_IDLE_TIMEOUT_MS', 60_000),
    agents: createUpstreamAgents(opts.keepAliveMs ?? envMs('RELAY_KEEP_ALIVE_MS', 4000)),
  };
  const targets = new Map<string, Target | string>();
  const listedNames = new Map<string, ReadonlySet<string>>();

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
    const targetValue = req.headers[TARGET];
    const target =
      typeof targetValue === 'string' && targetValue !== ''
        ? cached(targets, targetValue, toTarget)
        : toTarget(parseTargetValue(targetValue));
    if (typeof target === 'string') return Promise.resolve(relayError(res, 400, target));
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > route.bodyLimit) {
      res.setHeader('Connection', 'close');
      req.resume();
      return Promise.resolve(relayError(res, 413, tooLargeMessage(route.bodyLimit)));
    }
    const listed = req.headers[USER_HEADERS];
    const headers = forwardedRequestHeaders(
      req.headers,
      listed === undefined
        ? NO_NAMES
        : typeof listed === 'string'
          ? cached(listedNames, listed, userHeaderNames)
          : userHeaderNames(listed.join(',')),
      target.host,
    );
    const call: Call = { req, res, target, route, path: route.upstreamPath + search, headers };
    if (route.method === 'GET') {
      req.resume();
      new Forwarding(ctx, call, EMPTY_BODY).start();
      return STARTED;
    }
    if (req.headers['content-length'] === undefined || declared > REPLAYABLE_BODY) {
      new Forwarding(ctx, call, null).start();
      return STARTED;
    }
    return readBody(req).then((body) => {
      // The browser went away while sending: nothing to forward.
      if (body) new Forwarding(ctx, call, body).start();
    });
  };
}

/** `parseRelayTarget`'s input for a header value the cache does not take (absent, empty, repeated). */
function parseTargetValue(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

const EMPTY_BODY = Buffer.alloc(0);
const STARTED = Promise.resolve();

/** One relayed request: what the browser sent and where it goes. */
interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  target: Target;
  route: Route;
  /** Upstream path and query. */
  path: string;
  /** The headers the upstream gets. */
  headers: IncomingHttpHeaders;
}

/**
 * Sends one request upstream and passes the answer on (`start`). `body`
 * is the whole request body when the relay holds it (a GET's empty one included): such a
 * request goes over the keep-alive pool and is sent once more, on a fresh connection, if the
 * pooled connection proves closed before any byte of an answer (upstream-agents.ts). `null`
 * streams the body from the browser's request, on a connection of its own and never twice.
 *
 * A class, not closures: the server runs under tsx, whose keep-names transform makes every
 * named closure an `Object.defineProperty` call per request; the methods exist once.
 */
class Forwarding {
  private settled = false;
  private tooLarge = false;
  private headersTimer: NodeJS.Timeout | undefined;
  /** Set by `start`, before any event can use it. */
  private upstream!: ClientRequest;

  constructor(
    private readonly ctx: RelayContext,
    private readonly call: Call,
    private readonly body: Buffer | null,
  ) {}

  start(): void {
    const { ctx, call } = this;
    const { res } = call;
    this.upstream = this.send(this.body === null);
    this.headersTimer = setTimeout(
      () => this.timedOut(`did not answer within ${seconds(ctx.timeoutMs)}`),
      ctx.timeoutMs,
    );
    // The browser went away: abort the upstream request too.
    res.once('close', () => {
      if (!res.writableFinished) this.upstream.destroy();
      this.finish();
    });
  }

  private finish(): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.headersTimer);
  }

  private timedOut(what: string): void {
    const { res, target } = this.call;
    if (!res.headersSent) relayError(res, 504, `The relay timed out: ${target.origin} ${what}.`);
    else res.destroy();
    this.upstream.destroy();
    this.finish();
  }

  /** One attempt: over the pool, or (`fresh`) over a new connection of its own. */
  private send(fresh: boolean): ClientRequest {
    const { req, target, route } = this.call;
    const request = (target.protocol === 'https:' ? https : http).request({
      hostname: target.hostname,
      port: target.port,
      servername: target.servername,
      method: route.method,
      path: this.call.path,
      headers: this.call.headers,
      agent: (fresh ? this.ctx.agents.oneShot : this.ctx.agents.pooled)[target.protocol],
    });
    const track = trackSocket(request);
    // Socket silence, before or during the response (ClientRequest cleans this up on reuse).
    request.setTimeout(this.ctx.idleTimeoutMs, () =>
      this.timedOut(`sent nothing for ${seconds(this.ctx.idleTimeoutMs)}`),
    );
    request.on('error', (err: NodeJS.ErrnoException) => this.failed(request, fresh, track, err));
    // A 101 to a request that asked for no upgrade: refuse it, never hand over the socket.
    request.on('upgrade', (_up: IncomingMessage, socket: Duplex) => this.upgraded(socket));
    request.on('response', (up: IncomingMessage) => this.answered(up));

    if (this.body !== null) request.end(this.body);
    else {
      // Count while piping (cheaper than a Transform); stop at the limit.
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= route.bodyLimit || this.tooLarge) return;
        this.tooLarge = true;
        req.unpipe(request);
        request.destroy(new Error('body too large'));
      });
      req.on('error', () => request.destroy());
      req.pipe(request);
    }
    return request;
  }

  private failed(
    request: ClientRequest,
    fresh: boolean,
    track: SocketTrack,
    err: NodeJS.ErrnoException,
  ): void {
    if (this.settled || request !== this.upstream) return;
    const { req, res, route, target } = this.call;
    if (!fresh && this.body !== null && isStaleReuse(request, track, err)) {
      // The upstream had closed the pooled connection: nothing of this request was answered,
      // and the relay holds the whole body, so it goes again on a new one.
      this.upstream = this.send(true);
      return;
    }
    if (this.tooLarge) {
      res.setHeader('Connection', 'close');
      req.resume();
      relayError(res, 413, tooLargeMessage(route.bodyLimit));
    } else if (!res.headersSent) {
      const failure = upstreamFailure(target.origin, err);
      relayError(
        res,
        502,
        this.body === null && STREAM_BROKEN.has(err.code ?? '')
          ? `${failure} The request body was streamed to it, so the relay did not send it again: run it again.`
          : failure,
      );
    } else res.destroy();
    this.finish();
  }

  private upgraded(socket: Duplex): void {
    socket.destroy();
    clearTimeout(this.headersTimer);
    relayError(
      this.call.res,
      502,
      `${this.call.target.origin} answered 101 Switching Protocols: it wants to switch protocols, which the relay does not do.`,
    );
    this.finish();
  }

  private answered(up: IncomingMessage): void {
    clearTimeout(this.headersTimer);
    const { res } = this.call;
    if (res.headersSent || res.destroyed) {
      up.destroy();
      return;
    }
    try {
      this.passOn(up);
    } catch {
      // Whatever Node refused to write: the status line or a header the upstream made up.
      up.destroy();
      if (!res.headersSent)
        relayError(
          res,
          502,
          `${this.call.target.origin} sent a response the relay cannot pass on.`,
        );
      else res.destroy();
      this.finish();
    }
  }

  private passOn(up: IncomingMessage): void {
    const { res, route, target } = this.call;
    const origin = target.origin;
    const status = up.statusCode ?? 0;
    if (status < 200 || status > 599) {
      up.destroy();
      relayError(res, 502, `${origin} answered with an invalid HTTP status ${status}.`);
      this.finish();
      return;
    }
    if (status >= 300 && status < 400) {
      up.destroy();
      const location = up.headers.location;
      const { message, href } = redirectAnswer(route, origin, status, location);
      relayError(res, 502, message, href ? { [RELAY_REDIRECT_HEADER]: href } : {});
      this.finish();
      return;
    }
    const headers = up.headers;
    for (const name in headers) {
      const value = headers[name];
      if (value === undefined || !passesBack(name)) continue;
      try {
        res.setHeader(name, value);
      } catch {
        // A value Node will not write (e.g. a control character): that header stays behind.
      }
    }
    // Never cached: the same relay URL answers for every target and token.
    res.setHeader('Cache-Control', 'no-store');
    const message = up.statusMessage ?? '';
    if (REASON_RE.test(message)) res.writeHead(status, message);
    else res.writeHead(status);
    // Upstream died mid-response: cut ours too, so the client sees a truncated body, not a
    // complete one.
    up.on('error', () => res.destroy());
    up.once('close', () => {
      if (!up.complete) res.destroy();
    });
    // Passed on by hand rather than `up.pipe(res)`: a relayed answer is mostly one or two
    // chunks, and a pipe's bookkeeping (seven listeners set up and taken down) costs more.
    up.on('data', (chunk: Buffer) => {
      if (!res.write(chunk)) up.pause();
    });
    res.on('drain', () => up.resume());
    up.once('end', () => {
      res.end();
      this.finish();
    });
  }
}
