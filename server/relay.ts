import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { PassThrough } from 'node:stream';
import type { Dispatcher } from 'undici';
import {
  RELAY_ERROR_HEADER,
  RELAY_HEADERS_HEADER,
  RELAY_MARKER_HEADER,
  RELAY_REDIRECT_HEADER,
  RELAY_TARGET_HEADER,
} from '../src/shared/contracts/relay.ts';
import { hostHeaderValues } from './hosts.ts';
import { readBody, sendText } from './http-util.ts';
import { upstreamFailure } from './relay-failures.ts';
import {
  CONNECTION_LOST,
  createUpstreamAgents,
  isStaleReuse,
  type ConnectionAware,
  type CountingClient,
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
  /** The Host header the upstream gets. */
  host: string;
  /**
   * TLS server name: the host name, or '' for an IP address (no SNI), as undici would derive
   * it from the Host header (given here, it skips deriving it on every request).
   */
  servername: string;
}

function toTarget(value: string): Target | string {
  const url = parseRelayTarget(value);
  if (typeof url === 'string') return url;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  return {
    origin: url.origin,
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
  const timeoutMs = opts.timeoutMs ?? envMs('RELAY_TIMEOUT_MS', 60_000);
  const idleTimeoutMs = opts.idleTimeoutMs ?? envMs('RELAY_IDLE_TIMEOUT_MS', 60_000);
  const ctx: RelayContext = {
    timeoutMs,
    idleTimeoutMs,
    agents: createUpstreamAgents({
      keepAliveMs: opts.keepAliveMs ?? envMs('RELAY_KEEP_ALIVE_MS', 4000),
      idleTimeoutMs,
      connectTimeoutMs: timeoutMs,
    }),
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
 * Sends one request upstream and passes the answer on (`start`): an undici dispatch handler.
 * `body` is the whole request body when the relay holds it (a GET's empty one included): such
 * a request goes over the target's keep-alive pool and is sent once more, on a fresh
 * connection, if the pooled connection proves closed before any byte of an answer
 * (upstream-agents.ts). `null` streams the body from the browser's request, on a connection of
 * its own and never twice.
 *
 * A class, not closures: the server runs under tsx, whose keep-names transform makes every
 * named closure an `Object.defineProperty` call per request; the methods exist once. It uses
 * undici's raw handler methods (`onConnect`, `onHeaders`, ...): the response's raw header list
 * is read by allowlist, never parsed into an object.
 */
class Forwarding implements Dispatcher.DispatchHandler, ConnectionAware {
  connection?: CountingClient;
  private settled = false;
  /** The current attempt went out over a pooled connection that had carried a request. */
  private reused = false;
  /** The current attempt runs on a connection of its own. */
  private fresh = false;
  /** A byte of the upstream's response arrived for the current attempt. */
  private responseStarted = false;
  /** The answer is being passed on (a final status was written to the browser). */
  private passing = false;
  private headersTimer: NodeJS.Timeout | undefined;
  private abortUpstream: ((err?: Error) => void) | undefined;
  private resumeUpstream: (() => void) | undefined;

  constructor(
    private readonly ctx: RelayContext,
    private readonly call: Call,
    private readonly body: Buffer | null,
  ) {}

  start(): void {
    const { ctx, call } = this;
    const { res } = call;
    this.send(this.body === null);
    this.headersTimer = setTimeout(
      () => this.timedOut(`did not answer within ${seconds(ctx.timeoutMs)}`),
      ctx.timeoutMs,
    );
    // The browser went away: abort the upstream request too.
    res.once('close', () => {
      if (!res.writableFinished) this.abort();
      this.finish();
    });
    res.on('drain', () => this.resumeUpstream?.());
  }

  /** One attempt: over the pool, or (`fresh`) over a new connection of its own. */
  private send(fresh: boolean): void {
    const { target, route } = this.call;
    this.fresh = fresh;
    this.reused = false;
    this.responseStarted = false;
    this.abortUpstream = undefined;
    const agents = this.ctx.agents;
    (fresh ? agents.oneShot(target) : agents.pooled(target)).dispatch(
      {
        origin: target.origin,
        path: this.call.path,
        method: route.method,
        headers: this.call.headers,
        body: this.body === null ? this.streamedBody() : route.method === 'GET' ? null : this.body,
        servername: target.servername || undefined,
      } as Dispatcher.DispatchOptions,
      this,
    );
  }

  /** Settles this forwarding and drops its upstream request (its `onError` then does nothing). */
  private abort(): void {
    this.finish();
    this.abortUpstream?.();
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
    this.abort();
  }

  onConnect(abort: (err?: Error) => void): void {
    // Settled while it waited for a connection (timed out, the browser left): never send it.
    if (this.settled) return abort();
    this.abortUpstream = abort;
    const connection = this.connection;
    if (connection && !this.fresh) this.reused = connection.written++ > 0;
  }

  private bodySize = 0;

  /**
   * The browser's request body, counted on its way (past the limit the request is dropped).
   * undici gets a stream of its own: it destroys the body it was given when a request ends
   * early, and the browser's request must stay open for the relay's answer (a 413, a 502).
   */
  private streamedBody(): PassThrough {
    const { req } = this.call;
    const body = new PassThrough();
    req.on('data', (chunk: Buffer) => this.counted(chunk));
    req.on('error', () => body.destroy());
    return req.pipe(body);
  }

  private counted(chunk: Buffer): void {
    const { req, res, route } = this.call;
    this.bodySize += chunk.length;
    if (this.bodySize <= route.bodyLimit || this.settled) return;
    if (!res.headersSent) {
      res.setHeader('Connection', 'close');
      req.resume();
      relayError(res, 413, tooLargeMessage(route.bodyLimit));
    } else res.destroy();
    this.abort();
  }

  onResponseStarted(): void {
    this.responseStarted = true;
  }

  onHeaders(status: number, raw: Buffer[], resume: () => void, statusText: string): boolean {
    const { res, route, target } = this.call;
    if (this.settled || res.headersSent || res.destroyed) {
      this.abort();
      return false;
    }
    const origin = target.origin;
    if (status >= 100 && status < 200) return true; // informational (103 Early Hints): wait on
    if (status < 100 || status > 599) {
      relayError(res, 502, `${origin} answered with an invalid HTTP status ${status}.`);
      this.abort();
      return false;
    }
    clearTimeout(this.headersTimer);
    if (status >= 300 && status < 400) {
      const { message, href } = redirectAnswer(route, origin, status, rawHeader(raw, 'location'));
      relayError(res, 502, message, href ? { [RELAY_REDIRECT_HEADER]: href } : {});
      this.abort();
      return false;
    }
    try {
      passHeaders(raw, res);
      // Never cached: the same relay URL answers for every target and token.
      res.setHeader('Cache-Control', 'no-store');
      if (REASON_RE.test(statusText)) res.writeHead(status, statusText);
      else res.writeHead(status);
    } catch {
      // Whatever Node refused to write: a header the upstream made up.
      relayError(res, 502, `${origin} sent a response the relay cannot pass on.`);
      this.abort();
      return false;
    }
    this.passing = true;
    this.resumeUpstream = resume;
    return true;
  }

  onData(chunk: Buffer): boolean {
    // false pauses the upstream until the browser's side drains (`resumeUpstream`).
    return this.call.res.write(chunk);
  }

  onComplete(): void {
    this.call.res.end();
    this.finish();
  }

  onError(err: NodeJS.ErrnoException): void {
    const { res, target } = this.call;
    if (this.passing) {
      // The upstream died mid-response: cut ours too, so the browser sees a truncated body,
      // not a complete one.
      res.destroy();
      this.finish();
      return;
    }
    if (this.settled) return;
    if (!this.fresh && this.body !== null && isStaleReuse(this.reused, this.responseStarted, err)) {
      // The upstream had closed the pooled connection: nothing of this request was answered,
      // and the relay holds the whole body, so it goes again on a new one.
      this.send(true);
      return;
    }
    if (err.code === 'UND_ERR_HEADERS_TIMEOUT')
      return this.timedOut(`sent nothing for ${seconds(this.ctx.idleTimeoutMs)}`);
    if (err.code === 'UND_ERR_CONNECT_TIMEOUT')
      return this.timedOut(`did not accept a connection within ${seconds(this.ctx.timeoutMs)}`);
    if (!res.headersSent) {
      const failure = upstreamFailure(target.origin, err);
      relayError(
        res,
        502,
        this.body === null && CONNECTION_LOST.has(err.code ?? '')
          ? `${failure} The request body was streamed to it, so the relay did not send it again: run it again.`
          : failure,
      );
    } else res.destroy();
    this.finish();
  }
}

/** The value of the first header `name` (lower case) in an undici raw header list. */
function rawHeader(raw: Buffer[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2)
    if (raw[i]!.length === name.length && raw[i]!.toString('latin1').toLowerCase() === name)
      return raw[i + 1]!.toString('latin1');
  return undefined;
}

/** Headers Node keeps the first of when repeated; others are joined with ", " (as `node:http`). */
const SINGLE_VALUED = new Set(['content-type', 'content-length', 'retry-after']);

/** Sets the response headers that pass back (`passesBack`) from an undici raw header list. */
function passHeaders(raw: Buffer[], res: ServerResponse): void {
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toString('latin1').toLowerCase();
    if (!passesBack(name)) continue;
    const value = raw[i + 1]!.toString('latin1');
    const had = res.getHeader(name);
    try {
      if (had === undefined) res.setHeader(name, value);
      else if (!SINGLE_VALUED.has(name)) res.setHeader(name, `${String(had)}, ${value}`);
    } catch {
      // A value Node will not write (e.g. a control character): that header stays behind.
    }
  }
}
