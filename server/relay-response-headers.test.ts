import net from 'node:net';
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer } from './http-util.ts';
import { createRelay } from './relay.ts';
import { listenOn0, relayCall, type RelayReply } from './relay.test-helpers.ts';

/**
 * The relay's response allowlist as a whole (server/README.md): back to the page go the
 * headers a client of the API needs and the rate-limit headers, nothing else, whatever names
 * an upstream makes up. The list below is the contract restated, not read from relay.ts.
 */
const PASSED = new Set([
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
const PASSED_PREFIXES = ['x-ratelimit-', 'ratelimit'];
const passes = (name: string) =>
  PASSED.has(name) || PASSED_PREFIXES.some((prefix) => name.startsWith(prefix));

/** Headers the relay's own response carries whatever the upstream sends (Node's and its own). */
const OWN = new Set(['cache-control', 'date', 'connection', 'keep-alive', 'content-length']);

/**
 * Names that frame the upstream's response: the raw upstream below sends its body with a
 * Content-Length of its own, so these are never made up (the hostile table covers them).
 */
const FRAMING = new Set(['content-length', 'transfer-encoding']);

/** The upstream's header lines for the current request (raw, any case, any token). */
let headerLines: Array<[string, string]> = [];
const BODY = 'ok';

const sockets = new Set<net.Socket>();
const upstream = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => {});
  let pending = '';
  socket.on('data', (chunk: Buffer) => {
    pending += chunk.toString('latin1');
    // GET requests only: a request is its head; answer each as it completes, keeping the
    // connection open for the relay's pool.
    for (let end = pending.indexOf('\r\n\r\n'); end !== -1; end = pending.indexOf('\r\n\r\n')) {
      pending = pending.slice(end + 4);
      const lines = headerLines.map(([name, value]) => `${name}: ${value}\r\n`).join('');
      socket.write(
        `HTTP/1.1 200 OK\r\n${lines}Content-Length: ${BODY.length}\r\n\r\n${BODY}`,
        'latin1',
      );
    }
  });
});

let relay: ReturnType<typeof createRelay>;
const app = http.createServer((req, res) => void relay(req, res));
let appPort = 0;
let target = '';

beforeAll(async () => {
  target = `http://127.0.0.1:${await listenOn0(upstream)}`;
  appPort = await listenOn0(app);
  relay = createRelay({ allowedHosts: [`127.0.0.1:${appPort}`] });
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => upstream.close(() => r()));
  await closeServer(app);
});

async function relayWith(lines: Array<[string, string]>): Promise<RelayReply> {
  headerLines = lines;
  const r = await relayCall({
    appPort,
    target,
    method: 'GET',
    path: '/relay/analytics/api/credits',
  });
  expect([r.status, r.body.toString(), r.complete]).toEqual([200, BODY, true]);
  return r;
}

/**
 * What the page gets for the upstream's `lines`: each allowlisted name with the upstream's
 * value, every other name either absent or (the relay's own headers) with a value of its own.
 */
function expectAllowlisted(r: RelayReply, lines: Array<[string, string]>): void {
  const sent = new Map(lines.map(([name, value]) => [name.toLowerCase(), value]));
  // Own properties only: a header named like an Object member ("constructor") must not read the prototype.
  const got = (name: string) => (Object.hasOwn(r.headers, name) ? r.headers[name] : undefined);
  for (const [name, value] of sent) {
    if (passes(name)) expect(got(name), `${name} passes`).toBe(value);
    else if (OWN.has(name)) expect(got(name), `${name} is the relay's`).not.toBe(value);
    else expect(got(name), `${name} stays behind`).toBeUndefined();
  }
  for (const name of Object.keys(r.headers))
    expect(passes(name) || OWN.has(name), `${name} in the answer`).toBe(true);
  expect(r.headers['content-length']).toBe(String(BODY.length));
  expect(r.headers['cache-control']).toBe('no-store');
}

const TOKEN_CHARS = "!#$%&'*+.^_`|~0123456789abcdefghijklmnopqrstuvwxyz-";

/** Header names: made-up tokens, names behind risky prefixes, known names, allowlisted ones. */
const headerName = fc
  .oneof(
    fc.stringMatching(/^[!#$%&'*+.^_`|~0-9a-z-]{1,20}$/),
    fc
      .tuple(
        fc.constantFrom(
          'x-',
          'strict-',
          'permissions-',
          'cross-origin-',
          'access-control-',
          'content-',
          'sec-',
          'set-',
          'x-trace',
          'x-ratelimit',
          'x-ratelimit-',
          'ratelimit',
          'rate-limit-',
          'www-',
          'retry-',
          'x-request-',
        ),
        fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), maxLength: 12 }),
      )
      .map(([prefix, rest]) => prefix + rest),
    fc.constantFrom(
      'set-cookie',
      'set-cookie2',
      'clear-site-data',
      'refresh',
      'link',
      'location',
      'content-location',
      'content-security-policy',
      'content-security-policy-report-only',
      'content-disposition',
      'strict-transport-security',
      'permissions-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'cross-origin-embedder-policy',
      'access-control-allow-origin',
      'access-control-allow-credentials',
      'service-worker-allowed',
      'origin-agent-cluster',
      'x-frame-options',
      'x-content-type-options',
      'x-xss-protection',
      'x-dns-prefetch-control',
      'referrer-policy',
      'timing-allow-origin',
      'alt-svc',
      'etag',
      'last-modified',
      'expires',
      'vary',
      'age',
      'server',
      'via',
      'trailer',
      'upgrade',
      'proxy-authenticate',
      'cache-control',
      'date',
      'connection',
      'keep-alive',
      ...PASSED,
    ),
  )
  .filter((name) => !FRAMING.has(name));

/** An upstream's header list: distinct names (any case), each with a value of its own. */
const headerLines$ = fc
  .uniqueArray(fc.mixedCase(headerName), {
    minLength: 1,
    maxLength: 40,
    selector: (name) => name.toLowerCase(),
  })
  .map((names) => names.map((name, i): [string, string] => [name, `value-${i}`]));

describe('relay response headers by allowlist', () => {
  it('passes every allowlisted header back with its value, content-encoding included', async () => {
    const lines: Array<[string, string]> = [
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Encoding', 'gzip'],
      ['Retry-After', '30'],
      ['WWW-Authenticate', 'Bearer realm="api", error="invalid_token"'],
      ['X-Request-Id', 'req-7'],
      ['X-Trace', 'abc'],
      ['X-Trace-Span', 'span-1'],
      ['X-Trace-URL', 'https://trace.example/abc'],
      ['X-RateLimit-Limit', '100'],
      ['X-RateLimit-Remaining', '0'],
      ['X-RateLimit-Reset', '60'],
      ['RateLimit', 'limit=100, remaining=0, reset=60'],
      ['RateLimit-Policy', '100;w=60'],
    ];
    const r = await relayWith(lines);
    for (const [name, value] of lines) expect(r.headers[name.toLowerCase()], name).toBe(value);
    expectAllowlisted(r, lines);
  });

  it('drops every other header, whatever its name, and keeps its own Cache-Control and framing', async () => {
    await fc.assert(
      fc.asyncProperty(headerLines$, async (lines) => {
        expectAllowlisted(await relayWith(lines), lines);
      }),
      { numRuns: 150 },
    );
  });
});
