import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './app-server.ts';
import { formatBanner } from './banner.ts';
import { relayAllowedHosts } from './relay.ts';
import type { ServerConfig } from './config.ts';

/**
 * Exposure: on any interface but loopback, nothing answers (app, relay, /sandbox.json,
 * /config.json) without the secret the server made at start, whatever Host or Origin a caller
 * forges; the secret is exchanged for an HttpOnly, SameSite=Strict cookie.
 */

const dist = mkdtempSync(join(tmpdir(), 'dc-exposure-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Debug console</title>');

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function call(
  port: number,
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; host?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: opts.host ?? '127.0.0.1',
        port,
        path,
        method: opts.method ?? 'GET',
        headers: opts.headers,
        agent: false,
      },
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
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A configuration on free ports (0): the app's, the sandbox instance's and its analytics'. */
function config(host: string, sandbox: boolean): ServerConfig {
  return { host, port: 0, sandbox, sandboxPort: 0, sandboxPublic: false, distDir: dist };
}

const portOf = (server: http.Server) => (server.address() as AddressInfo).port;

const QUERY = JSON.stringify({ query: '{ currentUser { username } }' });

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('HOST=0.0.0.0: the access gate', () => {
  let app: RunningApp;
  let port = 0;
  beforeAll(async () => {
    app = await startApp(config('0.0.0.0', true));
    port = portOf(app.server);
  });
  afterAll(() => app.close());

  it('refuses the app, the relay, /sandbox.json and /config.json without the cookie, forged Host and all', async () => {
    const sandbox = app.sandbox!.info;
    const forged = { host: `console.lan:${port}` };
    const relayHeaders = {
      ...forged,
      'x-debug-console': '1',
      'x-relay-target': sandbox.base_url,
      'content-type': 'application/json',
      authorization: `token ${sandbox.tokens.user}`,
    };
    for (const [path, init] of [
      ['/config.json', { headers: forged }],
      ['/sandbox.json', { headers: forged }],
      ['/debug/console', { headers: forged }],
      ['/', { headers: forged }],
      ['/relay/graphql', { method: 'POST', headers: relayHeaders, body: QUERY }],
      [
        '/relay/graphql',
        { method: 'POST', headers: { ...relayHeaders, host: `127.0.0.1:${port}` }, body: QUERY },
      ],
    ] as const) {
      const r = await call(port, path, init);
      expect(r.status, path).toBe(401);
      expect(r.body, path).toMatch(/opened the link it printed at start \(it ends in \?auth=/);
      expect(r.body, path).not.toContain(sandbox.tokens.user);
    }
    const wrong = await call(port, '/debug/console?auth=guess', { headers: forged });
    expect(wrong.status).toBe(403);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('exchanges the secret for an HttpOnly, SameSite=Strict cookie, then everything answers', async () => {
    expect(app.secret).toMatch(/^[\w-]{32}$/);
    const sandbox = app.sandbox!.info;
    // The sandbox stays on loopback: only this server talks to it.
    expect(sandbox.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const host = `console.lan:${port}`;
    const enter = await call(port, `/debug/console?x=1&auth=${app.secret}`, { headers: { host } });
    expect(enter.status).toBe(303);
    expect(enter.headers.location).toBe('/debug/console?x=1');
    const [cookie] = enter.headers['set-cookie'] ?? [];
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    if (!cookie) throw new Error('no session cookie');
    const jar = cookie.split(';')[0] ?? '';
    const page = await call(port, '/debug/console?x=1', { headers: { host, cookie: jar } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Debug console</title>');
    const cfg = await call(port, '/config.json', { headers: { host, cookie: jar } });
    expect(cfg.status).toBe(200);
    expect(JSON.parse(cfg.body)).toMatchObject({ base_url: sandbox.base_url });
    const info = await call(port, '/sandbox.json', { headers: { host, cookie: jar } });
    expect(JSON.parse(info.body)).toMatchObject({ tokens: { user: sandbox.tokens.user } });
    const relayed = await call(port, '/relay/graphql', {
      method: 'POST',
      body: QUERY,
      headers: {
        host,
        cookie: jar,
        'x-debug-console': '1',
        'x-relay-target': sandbox.base_url,
        'content-type': 'application/json',
        authorization: `token ${sandbox.tokens.user}`,
      },
    });
    expect(relayed.status).toBe(200);
    expect(JSON.parse(relayed.body)).toEqual({ data: { currentUser: { username: 'alice' } } });
    // The cookie is no key to another console on another port of this host.
    const other = jar.replace(`_${port}=`, `_${port + 7}=`);
    expect((await call(port, '/config.json', { headers: { host, cookie: other } })).status).toBe(
      401,
    );
  });

  it('prints the console URL with the secret in the banner', () => {
    const banner = formatBanner(app.url, app.sandbox?.info, config('0.0.0.0', true), app.secret);
    expect(banner).toContain(
      `Debug console:  http://127.0.0.1:${port}/debug/console?auth=${app.secret}`,
    );
  });
});

describe('IPv6 and port 80', () => {
  it('HOST=::1 relays for Host [::1]:port, with no gate on loopback', async () => {
    const upstream = http.createServer((req, res) => {
      req.resume();
      res.end('{"data":{}}');
    });
    await new Promise<void>((r) => upstream.listen(0, '::1', () => r()));
    const app = await startApp(config('::1', false));
    const port = portOf(app.server);
    try {
      expect(app.url).toBe(`http://[::1]:${port}`);
      expect(app.secret).toBeUndefined();
      const r = await call(port, '/relay/graphql', {
        host: '::1',
        method: 'POST',
        body: QUERY,
        headers: {
          host: `[::1]:${port}`,
          origin: `http://[::1]:${port}`,
          'x-debug-console': '1',
          'x-relay-target': `http://[::1]:${portOf(upstream)}`,
        },
      });
      expect([r.status, r.body]).toEqual([200, '{"data":{}}']);
    } finally {
      await app.close();
      await new Promise<void>((r) => upstream.close(() => r()));
    }
  });

  it('HOST=:: is gated, and its sandbox URLs are valid IPv6 loopback URLs', async () => {
    const app = await startApp(config('::', true));
    const port = portOf(app.server);
    try {
      expect(app.secret).toBeDefined();
      expect(app.url).toBe(`http://[::1]:${port}`);
      expect(app.sandbox!.info.base_url).toMatch(/^http:\/\/\[::1\]:\d+$/);
      expect(app.sandbox!.info.analytics_url).toMatch(/^http:\/\/\[::1\]:\d+$/);
      expect((await call(port, '/config.json', { host: '::1' })).status).toBe(401);
      const enter = await call(port, `/?auth=${app.secret}`, { host: '::1' });
      const jar = (enter.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
      const r = await call(port, '/relay/graphql', {
        host: '::1',
        method: 'POST',
        body: QUERY,
        headers: {
          host: `[::1]:${port}`,
          cookie: jar,
          'x-debug-console': '1',
          'x-relay-target': app.sandbox!.info.base_url,
          'content-type': 'application/json',
          authorization: `token ${app.sandbox!.info.tokens.user}`,
        },
      });
      expect(r.status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('accepts the Host a browser sends for port 80 (no port) and for IPv6', () => {
    const hosts = relayAllowedHosts(['127.0.0.1', 'localhost', '::1'], 80, {});
    expect(hosts).toEqual(
      expect.arrayContaining(['127.0.0.1', '127.0.0.1:80', 'localhost', '[::1]', '[::1]:80']),
    );
    expect(relayAllowedHosts(['::1'], 4173, {})).toEqual(['[::1]:4173']);
  });
});
