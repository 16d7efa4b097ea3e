import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from './app-routes.ts';
import { closeServer } from './http-util.ts';
import { createRelay, parseRelayTarget, relayAllowedHosts } from './relay.ts';
import { listenOn0 } from './relay.test-helpers.ts';
import { CONTENT_SECURITY_POLICY } from './security-headers.ts';

const TOKEN = 'sgp_0123456789abcdef0123456789abcdef01234567';

type UpstreamHandler = (req: IncomingMessage, res: ServerResponse) => void;

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  closedEarly: boolean;
}

/** A fake instance: records what it receives; each test sets how it answers. */
function startUpstream() {
  const seen: Seen[] = [];
  let handler: UpstreamHandler = (_req, res) => res.end('ok');
  const closed: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const rec: Seen = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.alloc(0),
      closedEarly: false,
    };
    seen.push(rec);
    res.on('close', () => {
      if (!res.writableFinished) {
        rec.closedEarly = true;
        closed.splice(0).forEach((f) => f());
      }
    });
    handler(req, res);
  });
  return {
    server,
    seen,
    set(h: UpstreamHandler) {
      handler = h;
    },
    /** Resolves when the upstream sees a connection closed before its response finished. */
    nextEarlyClose: () => new Promise<void>((r) => closed.push(r)),
  };
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let appPort = 0;
const logs: string[] = [];

function request(
  path: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    relayHeaders?: boolean;
  } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {
    host: `127.0.0.1:${appPort}`,
    ...(opts.relayHeaders === false
      ? {}
      : { 'x-debug-console': '1', 'x-relay-target': upstreamUrl }),
    ...opts.headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: appPort, path, method: opts.method ?? 'POST', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const upstream = startUpstream();
let upstreamUrl = '';
let app: Server;

beforeAll(async () => {
  upstreamUrl = `http://127.0.0.1:${await listenOn0(upstream.server)}`;
  app = http.createServer((req, res) => {
    void routes(req, res).then((handled) => {
      if (!handled) res.end('not a route');
    });
  });
  appPort = await listenOn0(app);
  const routes = createAppRoutes({
    allowedHosts: [`127.0.0.1:${appPort}`, `localhost:${appPort}`],
    defaults: {},
    log: (line) => logs.push(line),
  });
});

afterAll(async () => {
  await closeServer(app);
  await closeServer(upstream.server);
});

afterEach(() => {
  upstream.seen.length = 0;
  upstream.set((_req, res) => res.end('ok'));
});

describe('parseRelayTarget', () => {
  it('accepts http(s) base URLs and refuses everything else with a reason', () => {
    expect(parseRelayTarget('https://code.example.com')).toBeInstanceOf(URL);
    expect(parseRelayTarget('http://127.0.0.1:4174/')).toBeInstanceOf(URL);
    expect(parseRelayTarget(undefined)).toMatch(/Missing X-Relay-Target/);
    expect(parseRelayTarget('not a url')).toMatch(/not a URL/);
    expect(parseRelayTarget('file:///etc/passwd')).toMatch(/http:\/\/ or https:\/\//);
    expect(parseRelayTarget('https://me:pw@code.example.com')).toMatch(/user name or password/);
    expect(parseRelayTarget('https://code.example.com/.api')).toMatch(/without path/);
    expect(parseRelayTarget('https://code.example.com/?a=1')).toMatch(/without path/);
  });
});

describe('relayAllowedHosts', () => {
  it("lists the server's names on its port plus RELAY_ALLOWED_HOSTS", () => {
    expect(relayAllowedHosts(['127.0.0.1', 'localhost', '127.0.0.1'], 4173, {})).toEqual([
      '127.0.0.1:4173',
      'localhost:4173',
    ]);
    expect(
      relayAllowedHosts(['127.0.0.1'], 4173, { RELAY_ALLOWED_HOSTS: ' Console.LAN:4173, ,x:1' }),
    ).toEqual(['127.0.0.1:4173', 'console.lan:4173', 'x:1']);
  });
});

describe('relay forwarding', () => {
  it('forwards GraphQL with the request name, allowed headers and body; strips the browser ones', async () => {
    upstream.set((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        upstream.seen.at(-1)!.body = Buffer.concat(chunks);
        res.writeHead(200, { 'Content-Type': 'application/json', 'X-Trace': 'abc' });
        res.end('{"data":{"currentUser":{"username":"alice"}}}');
      });
    });
    const body = JSON.stringify({ query: '{ currentUser { username } }' });
    const r = await request('/relay/graphql?CurrentUser', {
      body,
      headers: {
        authorization: `token ${TOKEN}`,
        'content-type': 'application/json',
        accept: 'application/json',
        'x-requested-with': 'debug-console',
        cookie: 'session=secret',
        origin: `http://127.0.0.1:${appPort}`,
        referer: `http://127.0.0.1:${appPort}/debug/console`,
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toBe('{"data":{"currentUser":{"username":"alice"}}}');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers['x-trace']).toBe('abc');
    expect(r.headers['x-relay-error']).toBeUndefined();
    const got = upstream.seen[0];
    if (!got) throw new Error('the upstream saw no request');
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/.api/graphql?CurrentUser');
    expect(got.body.toString()).toBe(body);
    expect(got.headers.authorization).toBe(`token ${TOKEN}`);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers.accept).toBe('application/json');
    expect(got.headers['x-requested-with']).toBe('debug-console');
    expect(got.headers.host).toBe(new URL(upstreamUrl).host);
    for (const h of ['cookie', 'origin', 'referer', 'x-relay-target', 'x-debug-console'])
      expect(got.headers[h], h).toBeUndefined();
    expect(got.headers['sec-fetch-site']).toBeUndefined();
  });

  it('forwards the OAuth token endpoint and both analytics paths with their query strings', async () => {
    upstream.set((req, res) => {
      req.resume();
      req.on('end', () => res.end(req.url));
    });
    const oauth = await request('/relay/oauth/token', {
      body: 'grant_type=refresh_token&refresh_token=r',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oauth.body).toBe('/.auth/idp/oauth/token');
    const q = '?instance=a.example.com&granularity=daily&startDate=2026-01-01';
    const report = await request(`/relay/analytics/api/reports/by-user-client-date${q}`, {
      method: 'GET',
    });
    expect(report.body).toBe(`/api/reports/by-user-client-date${q}`);
    const credits = await request('/relay/analytics/api/credits?instance=a', { method: 'GET' });
    expect(credits.body).toBe('/api/credits?instance=a');
    expect(upstream.seen.map((s) => s.method)).toEqual(['POST', 'GET', 'GET']);
  });

  it('passes upstream errors through unchanged: 401 text, 429 with Retry-After, an HTML page', async () => {
    upstream.set((req, res) => {
      req.resume();
      if (req.url!.includes('A')) {
        res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Invalid access token.\n');
      } else if (req.url!.includes('B')) {
        res.writeHead(429, { 'Content-Type': 'text/plain', 'Retry-After': '7' });
        res.end('Too many requests.');
      } else {
        res.writeHead(503, 'Down For Maintenance', { 'Content-Type': 'text/html' });
        res.end('<!doctype html><h1>Maintenance</h1>');
      }
    });
    const a = await request('/relay/graphql?A', { body: '{}' });
    expect([a.status, a.headers['content-type'], a.body]).toEqual([
      401,
      'text/plain; charset=utf-8',
      'Invalid access token.\n',
    ]);
    expect(a.headers['x-relay-error']).toBeUndefined();
    const b = await request('/relay/graphql?B', { body: '{}' });
    expect([b.status, b.headers['retry-after'], b.body]).toEqual([429, '7', 'Too many requests.']);
    const c = await request('/relay/graphql?C', { body: '{}' });
    expect([c.status, c.headers['content-type'], c.body]).toEqual([
      503,
      'text/html',
      '<!doctype html><h1>Maintenance</h1>',
    ]);
  });

  it('streams a large response through without buffering it whole', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const total = 64;
    let sent = 0;
    upstream.set((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      const pump = () => {
        while (sent < total) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    // Read the relayed body slowly: the upstream must be held back by backpressure. Held back
    // means no progress, which only shows over a while: the one wait here is the reader's pause
    // (a slow machine only sends less in it, so it can make the check lenient, never red).
    const seenWhileSlow = await new Promise<{ sentEarly: number; size: number }>(
      (resolve, reject) => {
        const req = http.request(
          {
            port: appPort,
            host: '127.0.0.1',
            method: 'GET',
            path: '/relay/analytics/api/credits',
            headers: {
              host: `127.0.0.1:${appPort}`,
              'x-debug-console': '1',
              'x-relay-target': upstreamUrl,
            },
          },
          (res) => {
            res.pause();
            setTimeout(() => {
              const sentEarly = sent;
              let size = 0;
              res.on('data', (c: Buffer) => (size += c.length));
              res.on('end', () => resolve({ sentEarly, size }));
              res.resume();
            }, 300);
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(seenWhileSlow.size).toBe(total * chunk.length);
    expect(seenWhileSlow.sentEarly).toBeLessThan(total / 2);
  });

  it('streams the request body to the upstream as it arrives', async () => {
    // The browser sends the rest of its body only once the upstream has the first part: a
    // relay that waited for the whole body would never forward it (the test then times out).
    let gotFirst!: (chunk: string) => void;
    const upstreamHasFirst = new Promise<string>((r) => (gotFirst = r));
    upstream.set((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => {
        if (body === '') gotFirst(c);
        body += c;
      });
      req.on('end', () => res.end(`got ${body}`));
    });
    let req!: http.ClientRequest;
    const reply = new Promise<string>((resolve, reject) => {
      req = http.request(
        {
          port: appPort,
          host: '127.0.0.1',
          method: 'POST',
          path: '/relay/graphql',
          headers: {
            host: `127.0.0.1:${appPort}`,
            'x-debug-console': '1',
            'x-relay-target': upstreamUrl,
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
    });
    req.write('{"query":');
    const first = await upstreamHasFirst;
    expect(first.length).toBeGreaterThan(0);
    expect('{"query":'.startsWith(first)).toBe(true);
    req.end('"{ a }"}');
    expect(await reply).toBe('got {"query":"{ a }"}');
  });
});

describe('relay refusals', () => {
  it('refuses a foreign Origin, a rebinding Host, a cross-site fetch, and a missing marker header', async () => {
    const foreign = await request('/relay/graphql', {
      body: '{}',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatch(/Origin "https:\/\/evil.example" is not this server/);
    expect(foreign.headers['x-relay-error']).toBe('1');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    const rebinding = await request('/relay/graphql', {
      body: '{}',
      headers: { host: `evil.example:${appPort}`, origin: `http://evil.example:${appPort}` },
    });
    expect(rebinding.status).toBe(403);
    expect(rebinding.body).toMatch(/Host "evil.example:\d+" is not one of them/);
    expect(rebinding.body).toMatch(/RELAY_ALLOWED_HOSTS/);

    const crossSite = await request('/relay/graphql', {
      body: '{}',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);

    const unmarked = await request('/relay/graphql', {
      body: '{}',
      relayHeaders: false,
      headers: { 'x-relay-target': upstreamUrl },
    });
    expect(unmarked.status).toBe(403);
    expect(unmarked.body).toMatch(/X-Debug-Console: 1/);

    const preflight = await request('/relay/graphql', {
      method: 'OPTIONS',
      relayHeaders: false,
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-debug-console,x-relay-target',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(upstream.seen).toHaveLength(0);
  });

  it('answers 404 for any path outside the four, encoded or doubled variants included', async () => {
    for (const path of [
      '/relay/',
      '/relay/graphql/extra',
      '/relay//graphql',
      '/relay/graphql/..',
      '/relay/graphql/%2e%2e/%2e%2e/sandbox.json',
      '/relay/%2e%2e/sandbox.json',
      '/relay/%2E%2E/%2E%2E/etc/passwd',
      '/relay/analytics/api/reports/by-user-client-date/../../credits',
      '/relay/analytics/api/users',
      '/relay%2fgraphql',
      '/relay/GRAPHQL',
    ]) {
      const r = await request(path, { body: '{}' });
      expect(r.status, path).toBe(404);
      expect(r.body, path).toMatch(/The relay only forwards/);
      expect(r.headers['x-relay-error'], path).toBe('1');
    }
    expect(upstream.seen).toHaveLength(0);
  });

  it('refuses the wrong method with 405 and Allow', async () => {
    const r = await request('/relay/graphql', { method: 'GET' });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('POST');
    expect(upstream.seen).toHaveLength(0);
  });

  it('refuses targets with credentials, a path, a non-http scheme, or none', async () => {
    for (const [target, pattern] of [
      ['http://user:pass@127.0.0.1:1', /user name or password/],
      ['file:///etc/passwd', /http:\/\/ or https:\/\//],
      ['javascript:alert(1)', /http:\/\/ or https:\/\//],
      [`${upstreamUrl}/.api/graphql`, /without path/],
      ['', /Missing X-Relay-Target/],
    ] as const) {
      const r = await request('/relay/graphql', {
        body: '{}',
        headers: { 'x-relay-target': target },
      });
      expect(r.status, target).toBe(400);
      expect(r.body, target).toMatch(pattern);
    }
    expect(upstream.seen).toHaveLength(0);
  });

  it('refuses an oversized body with 413: declared up front, or streamed past the limit', async () => {
    upstream.set((req, res) => {
      req.resume();
      req.on('end', () => res.end('should not happen'));
    });
    const declared = await request('/relay/oauth/token', { body: Buffer.alloc(65 * 1024, 'x') });
    expect(declared.status).toBe(413);
    expect(declared.body).toMatch(/at most 64 KB/);
    expect(upstream.seen).toHaveLength(0);

    const streamed = await new Promise<Reply>((resolve, reject) => {
      const req = http.request(
        {
          port: appPort,
          host: '127.0.0.1',
          method: 'POST',
          path: '/relay/graphql',
          headers: {
            host: `127.0.0.1:${appPort}`,
            'x-debug-console': '1',
            'x-relay-target': upstreamUrl,
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      const mb = Buffer.alloc(1024 * 1024, 'y');
      let n = 0;
      const pump = () => {
        while (n < 17) {
          n++;
          if (!req.write(mb)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(streamed.status).toBe(413);
    expect(streamed.body).toMatch(/at most 16 MB/);
    expect(streamed.headers['x-relay-error']).toBe('1');
  });

  it('never passes a redirect on: a 502 naming where the target redirects to, never followed', async () => {
    const elsewhere = startUpstream();
    const elsewhereUrl = `http://127.0.0.1:${await listenOn0(elsewhere.server)}`;
    let elsewhereConnections = 0;
    elsewhere.server.on('connection', () => elsewhereConnections++);
    try {
      upstream.set((req, res) => {
        req.resume();
        res.writeHead(307, { Location: `${elsewhereUrl}/.api/graphql?CurrentUser` });
        res.end();
      });
      const r = await request('/relay/graphql?CurrentUser', {
        body: '{}',
        headers: { authorization: `token ${TOKEN}` },
      });
      expect(r.status).toBe(502);
      expect(r.headers.location).toBeUndefined();
      expect(r.headers['x-relay-error']).toBe('1');
      expect(r.headers['x-relay-redirect']).toBe(`${elsewhereUrl}/.api/graphql?CurrentUser`);
      expect(r.body).toBe(
        `The instance at ${upstreamUrl} redirects to ${elsewhereUrl}/.api/graphql?CurrentUser (307). ` +
          `Use ${elsewhereUrl} as the Instance URL.\n`,
      );
      // A relative Location is resolved against the upstream URL; the analytics routes name
      // their own field.
      upstream.set((req, res) => {
        req.resume();
        res.writeHead(301, { Location: '/login?next=%2F' });
        res.end();
      });
      const credits = await request('/relay/analytics/api/credits?instance=a', { method: 'GET' });
      expect(credits.status).toBe(502);
      expect(credits.headers['x-relay-redirect']).toBe(`${upstreamUrl}/login?next=%2F`);
      expect(credits.body).toBe(
        `The analytics service at ${upstreamUrl} redirects to ${upstreamUrl}/login?next=%2F (301). ` +
          `Check the Analytics URL: the API is not at ${upstreamUrl}.\n`,
      );
      // Following would have to happen before the relay answers (its answer would be the
      // follow's): by now the other server would have seen a connection.
      expect(elsewhereConnections).toBe(0);
      expect(elsewhere.seen).toHaveLength(0);
    } finally {
      await closeServer(elsewhere.server);
    }
  });

  it('answers 502 with the reason when the upstream cannot be reached', async () => {
    const dead = http.createServer();
    const deadPort = await listenOn0(dead);
    await closeServer(dead);
    const r = await request('/relay/graphql', {
      body: '{}',
      headers: { 'x-relay-target': `http://127.0.0.1:${deadPort}` },
    });
    expect(r.status).toBe(502);
    expect(r.body).toBe(
      `Could not reach http://127.0.0.1:${deadPort}: connection refused (is it running, and is the port right?) [ECONNREFUSED].\n`,
    );
    expect(r.headers['x-relay-error']).toBe('1');
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('drops upstream cookies and keeps its own security headers', async () => {
    upstream.set((req, res) => {
      req.resume();
      res.writeHead(200, {
        'Set-Cookie': 'sgs=1; Path=/',
        'Content-Security-Policy': "default-src *; script-src 'unsafe-inline'",
        'Content-Type': 'application/json',
      });
      res.end('{}');
    });
    const r = await request('/relay/graphql', { body: '{}' });
    expect(r.status).toBe(200);
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(r.headers['referrer-policy']).toBe('no-referrer');
  });

  it('aborts the upstream request when the client disconnects', async () => {
    upstream.set((req) => req.resume()); // never answers
    const upstreamClosed = upstream.nextEarlyClose();
    const req = http.request({
      port: appPort,
      host: '127.0.0.1',
      method: 'POST',
      path: '/relay/graphql',
      headers: {
        host: `127.0.0.1:${appPort}`,
        'x-debug-console': '1',
        'x-relay-target': upstreamUrl,
      },
    });
    req.on('error', () => {});
    req.end('{}');
    await vi.waitFor(() => expect(upstream.seen).toHaveLength(1), { timeout: 10_000 });
    req.destroy();
    await upstreamClosed;
    expect(upstream.seen[0]?.closedEarly).toBe(true);
  });

  it('cuts the response short when the upstream dies mid-response, and keeps serving', async () => {
    // The upstream dies once the first rows have reached the browser: mid-response.
    let dieNow!: () => void;
    upstream.set((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.write('a,b\n1,2\n');
      dieNow = () => res.socket?.destroy();
    });
    const outcome = await new Promise<{ received: string; error: string | null }>((resolve) => {
      let received = '';
      const req = http.request(
        {
          port: appPort,
          host: '127.0.0.1',
          method: 'GET',
          path: '/relay/analytics/api/credits',
          headers: {
            host: `127.0.0.1:${appPort}`,
            'x-debug-console': '1',
            'x-relay-target': upstreamUrl,
          },
        },
        (res) => {
          res.on('data', (c: Buffer) => {
            received += c.toString();
            if (received === 'a,b\n1,2\n') dieNow();
          });
          res.on('end', () => resolve({ received, error: null }));
          res.on('error', (e) => resolve({ received, error: e.message }));
        },
      );
      req.on('error', (e) => resolve({ received, error: e.message }));
      req.end();
    });
    expect(outcome.received).toBe('a,b\n1,2\n');
    expect(outcome.error).not.toBeNull();
    upstream.set((req, res) => {
      req.resume();
      res.end('still here');
    });
    expect((await request('/relay/graphql', { body: '{}' })).body).toBe('still here');
  });

  it('aborts the upstream response mid-stream when the client disconnects', async () => {
    upstream.set((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.write('a,b\n');
      // keeps the response open
    });
    const upstreamClosed = upstream.nextEarlyClose();
    const req = http.request(
      {
        port: appPort,
        host: '127.0.0.1',
        method: 'GET',
        path: '/relay/analytics/api/credits',
        headers: {
          host: `127.0.0.1:${appPort}`,
          'x-debug-console': '1',
          'x-relay-target': upstreamUrl,
        },
      },
      (res) => res.once('data', () => req.destroy()),
    );
    req.on('error', () => {});
    req.end();
    await upstreamClosed;
    expect(upstream.seen[0]?.closedEarly).toBe(true);
  });
});

describe('relay timeouts', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => void relay(req, res));
    port = await listenOn0(server);
    const relay = createRelay({
      allowedHosts: [`127.0.0.1:${port}`],
      timeoutMs: 200,
      idleTimeoutMs: 400,
    });
  });
  afterAll(() => closeServer(server));

  function call(path: string, method = 'POST'): Promise<Reply | Error> {
    return new Promise((resolve) => {
      const req = http.request(
        {
          port,
          host: '127.0.0.1',
          method,
          path,
          headers: {
            host: `127.0.0.1:${port}`,
            'x-debug-console': '1',
            'x-relay-target': upstreamUrl,
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
          res.on('error', (e) => resolve(e));
        },
      );
      req.on('error', (e) => resolve(e));
      req.end(method === 'POST' ? '{}' : undefined);
    });
  }

  it('answers 504 from the relay when the upstream sends no headers in time', async () => {
    upstream.set((req) => req.resume()); // hangs
    const closed = upstream.nextEarlyClose();
    const r = await call('/relay/graphql');
    expect(r).not.toBeInstanceOf(Error);
    const reply = r as Reply;
    expect(reply.status).toBe(504);
    expect(reply.body).toMatch(/The relay timed out: http:\/\/127.0.0.1:\d+ did not answer/);
    expect(reply.headers['x-relay-error']).toBe('1');
    await closed;
  });

  it('cuts a response that stalls mid-stream', async () => {
    upstream.set((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/csv' });
      res.write('a,b\n'); // then silence
    });
    const closed = upstream.nextEarlyClose();
    const r = await call('/relay/analytics/api/credits', 'GET');
    // Headers were already sent, so the only honest signal is an aborted body.
    expect(r).toBeInstanceOf(Error);
    await closed;
  });
});

describe('logging and headers', () => {
  it('never logs tokens, queries or bodies', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m),
    );
    try {
      upstream.set((req, res) => {
        req.resume();
        res.end('{}');
      });
      await request(`/relay/graphql?token=${TOKEN}`, {
        body: JSON.stringify({ query: `{ x(t: "${TOKEN}") }` }),
        headers: { authorization: `token ${TOKEN}` },
      });
      await request('/relay/graphql', {
        body: '{}',
        headers: { authorization: `token ${TOKEN}`, origin: 'https://evil.example' },
      });
      await request('/relay/graphql', {
        body: '{}',
        headers: { authorization: `token ${TOKEN}`, 'x-relay-target': 'http://127.0.0.1:1' },
      });
      const printed = spies.flatMap((s) => s.mock.calls.map((c) => c.map(String).join(' ')));
      const all = [...logs, ...printed].join('\n');
      expect(logs.length).toBeGreaterThan(0);
      expect(all).toMatch(/relay POST \/relay\/graphql 200 \d+ms/);
      expect(all).not.toContain(TOKEN);
      expect(all).not.toContain('token=');
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
  });

  it('sends the security headers on /sandbox.json and /config.json too', async () => {
    for (const path of ['/sandbox.json', '/config.json']) {
      const r = await request(path, { method: 'GET', relayHeaders: false });
      expect(r.headers['content-security-policy'], path).toBe(CONTENT_SECURITY_POLICY);
      expect(r.headers['x-content-type-options'], path).toBe('nosniff');
      expect(r.headers['referrer-policy'], path).toBe('no-referrer');
    }
  });
});

describe('headers by allowlist', () => {
  it("passes back only what a client needs, never headers that act on the console's origin, and never caches", async () => {
    upstream.set((req, res) => {
      req.resume();
      res.writeHead(401, {
        'Content-Type': 'application/json',
        'WWW-Authenticate': 'Bearer error="invalid_token"',
        'Retry-After': '3',
        'X-RateLimit-Remaining': '0',
        'RateLimit-Policy': '100;w=60',
        RateLimit: 'limit=100, remaining=0, reset=60',
        'X-Trace': 'abc',
        'X-Trace-Span': 'span1',
        'X-Trace-URL': 'https://trace.example/abc',
        'X-Request-Id': 'req-1',
        'Clear-Site-Data': '"storage"',
        Refresh: '0; url=https://evil.example',
        Link: '<https://evil.example/x.js>; rel=preload; as=script',
        'Set-Cookie': 'sgs=1; Path=/',
        'Cache-Control': 'public, max-age=3600',
        ETag: '"v1"',
        Location: 'https://evil.example',
        'Access-Control-Allow-Origin': '*',
        'Service-Worker-Allowed': '/',
        'Origin-Agent-Cluster': '?0',
        'Content-Disposition': 'attachment; filename="x.html"',
      });
      res.end('{"errors":[]}');
    });
    const r = await request('/relay/graphql', { body: '{}' });
    expect(r.status).toBe(401);
    expect(r.body).toBe('{"errors":[]}');
    const passed = {
      'content-type': 'application/json',
      'www-authenticate': 'Bearer error="invalid_token"',
      'retry-after': '3',
      'x-ratelimit-remaining': '0',
      'ratelimit-policy': '100;w=60',
      ratelimit: 'limit=100, remaining=0, reset=60',
      'x-trace': 'abc',
      'x-trace-span': 'span1',
      'x-trace-url': 'https://trace.example/abc',
      'x-request-id': 'req-1',
      'cache-control': 'no-store',
    };
    for (const [name, value] of Object.entries(passed)) expect(r.headers[name], name).toBe(value);
    for (const name of [
      'clear-site-data',
      'refresh',
      'link',
      'set-cookie',
      'etag',
      'location',
      'access-control-allow-origin',
      'service-worker-allowed',
      'origin-agent-cluster',
      'content-disposition',
    ])
      expect(r.headers[name], name).toBeUndefined();
  });

  it("forwards the app's headers and those the page lists in X-Relay-Headers, nothing else", async () => {
    upstream.set((req, res) => {
      req.resume();
      res.end('{}');
    });
    await request('/relay/graphql', {
      body: '{}',
      headers: {
        authorization: `token ${TOKEN}`,
        'content-type': 'application/json',
        'x-sourcegraph-should-trace': 'true',
        'x-sourcegraph-override-feature': 'a,b',
        'x-relay-headers':
          'X-Team, x-api-key, cookie, host, x-forwarded-for, proxy-authorization, sec-fetch-mode, connection, x-debug-console, bad name',
        'x-team': 'search',
        'x-api-key': 'k1',
        'x-unlisted': 'no',
        'x-forwarded-for': '10.0.0.1',
        'proxy-authorization': 'Basic eA==',
        'sec-fetch-mode': 'cors',
        cookie: 'session=secret',
        'accept-language': 'de',
      },
    });
    const got = upstream.seen[0]?.headers;
    if (!got) throw new Error('the upstream saw no request');
    expect(got.authorization).toBe(`token ${TOKEN}`);
    expect(got['x-sourcegraph-should-trace']).toBe('true');
    expect(got['x-sourcegraph-override-feature']).toBe('a,b');
    expect(got['x-team']).toBe('search');
    expect(got['x-api-key']).toBe('k1');
    expect(got.host).toBe(new URL(upstreamUrl).host);
    for (const name of [
      'x-unlisted',
      'x-forwarded-for',
      'proxy-authorization',
      'sec-fetch-mode',
      'cookie',
      'accept-language',
      'x-relay-headers',
      'x-relay-target',
      'x-debug-console',
    ])
      expect(got[name], name).toBeUndefined();
  });

  it("forwards by each request's own X-Relay-Headers and X-Relay-Target, past the relay's per-value memo", async () => {
    upstream.set((req, res) => {
      req.resume();
      res.end('{}');
    });
    // More distinct lists than the relay keeps (64), repeated, plus one longer than it keeps.
    const lists = Array.from({ length: 70 }, (_, i) => `x-h${i}`);
    lists.push(`x-long, ${'x-pad, '.repeat(100)}x-h0`);
    for (const list of [...lists, ...lists.slice(0, 3)]) {
      await request('/relay/graphql', {
        body: '{}',
        headers: { 'x-relay-headers': list, 'x-h0': 'zero', 'x-h1': 'one', 'x-long': 'long' },
      });
    }
    expect(upstream.seen).toHaveLength(lists.length + 3);
    upstream.seen.forEach((seen, i) => {
      const list = [...lists, ...lists.slice(0, 3)][i]!;
      expect(seen.headers['x-h0'], list.slice(0, 20)).toBe(
        list.includes('x-h0') ? 'zero' : undefined,
      );
      expect(seen.headers['x-h1'], list.slice(0, 20)).toBe(list === 'x-h1' ? 'one' : undefined);
      expect(seen.headers['x-long'], list.slice(0, 20)).toBe(
        list.startsWith('x-long') ? 'long' : undefined,
      );
    });
    // A target that fails to parse is refused each time, a good one after it is forwarded.
    for (const target of ['ftp://x', upstreamUrl, 'ftp://x', upstreamUrl]) {
      const r = await request('/relay/graphql', {
        body: '{}',
        headers: { 'x-relay-target': target },
      });
      expect(r.status, target).toBe(target === upstreamUrl ? 200 : 400);
    }
  });
});

describe('relay promise', () => {
  it('settles once the request is on its way, while the answer still streams', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    upstream.set((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('first ');
      void released.then(() => res.end('last'));
    });
    let forwarding: Promise<void> | undefined;
    let started!: () => void;
    const handed = new Promise<void>((r) => (started = r));
    const relay = createRelay({ allowedHosts: null });
    const server = http.createServer((req, res) => {
      forwarding = relay(req, res);
      started();
    });
    const port = await listenOn0(server);
    try {
      const body = new Promise<string>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/relay/graphql',
            method: 'POST',
            headers: { 'x-debug-console': '1', 'x-relay-target': upstreamUrl },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => resolve(text));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
      await handed;
      // Nothing holds on to a forwarding while the upstream is still sending: the promise has
      // settled before the upstream ends its answer.
      await forwarding;
      release();
      expect(await body).toBe('first last');
    } finally {
      release();
      await closeServer(server);
    }
  });
});
