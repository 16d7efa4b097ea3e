import http from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type RunningApp } from './app-server.ts';
import { CONTENT_SECURITY_POLICY } from './security-headers.ts';
import { warmStatic } from './static.ts';

const dist = mkdtempSync(join(tmpdir(), 'dc-dist-'));
const bigJs = 'export const x = ' + JSON.stringify('console '.repeat(5000)) + ';\n';
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><title>Debug console</title>' + ' '.repeat(600),
);
writeFileSync(join(dist, 'assets', 'index-abc123.js'), bigJs);
writeFileSync(join(dist, 'assets', 'tiny-1.css'), 'a{}');
writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
// A build manifest as Vite writes it (server/page-preloads.ts reads it).
mkdirSync(join(dist, '.vite'));
writeFileSync(
  join(dist, '.vite', 'manifest.json'),
  JSON.stringify({
    'src/app/start.tsx': { file: 'assets/start-s1.js', imports: ['_shared-x1.js'] },
    '_shared-x1.js': { file: 'assets/shared-x1.js' },
    'src/features/console/console-page.tsx': {
      file: 'assets/console-page-c1.js',
      imports: ['_shared-x1.js'],
      css: ['assets/console-page-c1.css'],
    },
    'src/features/analytics/analytics-page.tsx': { file: 'assets/analytics-page-a1.js' },
  }),
);
const secret = mkdtempSync(join(tmpdir(), 'dc-secret-'));
writeFileSync(join(secret, 'secret.txt'), 'top secret');

let app: RunningApp;
let port = 0;

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  app = await startApp({
    port: 0,
    host: '127.0.0.1',
    sandbox: false,
    sandboxPort: 0,
    sandboxPublic: false,
    distDir: dist,
  });
  port = (app.server.address() as AddressInfo).port;
  await warmStatic(dist);
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(secret, { recursive: true, force: true });
});

function expectSecurityHeaders(r: Reply, what: string): void {
  expect(r.headers['content-security-policy'], what).toBe(CONTENT_SECURITY_POLICY);
  expect(r.headers['referrer-policy'], what).toBe('no-referrer');
  expect(r.headers['x-content-type-options'], what).toBe('nosniff');
}

describe('app server', () => {
  it('redirects / to /debug/console and serves the SPA routes from index.html', async () => {
    const root = await get('/');
    expect(root.status).toBe(302);
    expect(root.headers.location).toBe('/debug/console');
    for (const path of ['/debug/console', '/debug/console/', '/analytics', '/analytics?x=1']) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(r.headers['cache-control'], path).toBe('no-cache');
      expect(r.body.toString(), path).toContain('<title>Debug console</title>');
    }
  });

  it('announces each route’s first chunks in its page, and only that route’s', async () => {
    const preloads = async (path: string) =>
      [
        ...(await get(path)).body
          .toString()
          .matchAll(/<link rel="(\w+)" crossorigin href="([^"]+)">/g),
      ].map((m) => `${m[1]} ${m[2]}`);
    expect(await preloads('/debug/console')).toEqual([
      'stylesheet /assets/console-page-c1.css',
      'modulepreload /assets/console-page-c1.js',
      'modulepreload /assets/shared-x1.js',
      'modulepreload /assets/start-s1.js',
    ]);
    expect(await preloads('/analytics/')).toEqual([
      'modulepreload /assets/analytics-page-a1.js',
      'modulepreload /assets/start-s1.js',
      'modulepreload /assets/shared-x1.js',
    ]);
    // The manifest itself is the server's, not served.
    expect((await get('/.vite/manifest.json')).status).toBe(404);
  });

  it('sends the strict CSP and friends on every response, errors included', async () => {
    for (const path of [
      '/',
      '/debug/console',
      '/assets/index-abc123.js',
      '/nope',
      '/sandbox.json',
      '/relay/graphql',
      '/%E0%A4%A',
    ]) {
      const r = await get(path);
      expectSecurityHeaders(r, path);
    }
    const csp = CONTENT_SECURITY_POLICY;
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('sets the security headers once per response, not again in the routes', async () => {
    const setHeader = vi.spyOn(http.ServerResponse.prototype, 'setHeader');
    try {
      for (const path of ['/relay/graphql', '/config.json', '/debug/console']) {
        setHeader.mockClear();
        expectSecurityHeaders(await get(path), path);
        const csp = setHeader.mock.calls.filter(([name]) => name === 'Content-Security-Policy');
        expect(csp.length, path).toBe(1);
      }
    } finally {
      setHeader.mockRestore();
    }
  });

  it('answers 404 for unknown paths and refuses path traversal', async () => {
    expect((await get('/nope')).status).toBe(404);
    const rel = `../${secret.split('/').pop()}/secret.txt`;
    for (const path of [
      `/${rel}`,
      `/assets/../../${rel}`,
      `/%2e%2e/${rel.slice(3)}`,
      `/assets/%2e%2e/%2e%2e/${rel.slice(3)}`,
      `/..%2f..%2f${rel.slice(3)}`,
      `/assets/..%5c..%5c${rel.slice(3)}`,
      '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/assets/%00.js',
      '/%E0%A4%A',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body.toString(), path).not.toContain('top secret');
    }
  });

  it('compresses JS with brotli or gzip as the client accepts, and leaves tiny files alone', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(bigJs.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(bigJs);

    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(bigJs);

    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'br;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bigJs);

    const tiny = await get('/assets/tiny-1.css', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('a{}');
  });

  it('answers 304 for a matching ETag and HEAD without a body', async () => {
    const first = await get('/debug/console');
    const again = await get('/debug/console', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    const head = await get('/assets/index-abc123.js', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(bigJs.length);
  });

  it('does not serve static files for other methods', async () => {
    expect((await get('/debug/console', {}, 'POST')).status).toBe(404);
  });
});
