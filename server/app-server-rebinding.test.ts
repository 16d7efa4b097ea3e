import http, { type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './app-server.ts';
import { closeServer } from './http-util.ts';
import { listenOn0 } from './relay.test-helpers.ts';

/**
 * DNS rebinding through the server `npm start` runs (app-server.ts wires the relay's Host check):
 * on loopback there is no access gate, so a page from another name that resolves to 127.0.0.1
 * must get a refusal from the relay, whatever it writes its Host as. The request is the one a
 * rebound page sends: same-origin to itself, Origin and Host alike.
 */

const dist = mkdtempSync(join(tmpdir(), 'dc-rebinding-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Debug console</title>');

let app: RunningApp;
let port = 0;
const upstreamSaw: string[] = [];
const upstream = http.createServer((req, res) => {
  upstreamSaw.push(req.headers.host ?? '');
  req.resume();
  req.on('end', () => res.end('{"data":{"currentUser":{"username":"alice"}}}'));
});
let target = '';

beforeAll(async () => {
  target = `http://127.0.0.1:${await listenOn0(upstream)}`;
  app = await startApp({
    host: '127.0.0.1',
    port: 0,
    sandbox: false,
    sandboxPort: 0,
    sandboxPublic: false,
    distDir: dist,
  });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await app.close();
  await closeServer(upstream);
  rmSync(dist, { recursive: true, force: true });
});

/** A relay request as the page at `http://<host>` sends it (same-origin fetch). */
function relayFrom(
  host: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/relay/graphql',
        method: 'POST',
        agent: false,
        headers: {
          host,
          origin: `http://${host}`,
          'sec-fetch-site': 'same-origin',
          'x-debug-console': '1',
          'x-relay-target': target,
          'content-type': 'application/json',
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end('{"query":"{ currentUser { username } }"}');
  });
}

describe('app server on loopback: the relay refuses a rebound page', () => {
  it('answers the console at its own names (the control)', async () => {
    expect(app.secret).toBeUndefined();
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      upstreamSaw.length = 0;
      const r = await relayFrom(host);
      expect([r.status, r.body], host).toEqual([
        200,
        '{"data":{"currentUser":{"username":"alice"}}}',
      ]);
      expect(upstreamSaw, host).toHaveLength(1);
    }
  });

  it.each([
    'evil.example:PORT',
    // The same foreign name, written as a browser might or a client could.
    'evil.example.:PORT',
    'EVIL.EXAMPLE:PORT',
    'evil.example',
    // One of the console's names, spelled as a different host: exact names only.
    'localhost.:PORT',
    '127.0.0.1.:PORT',
    // IPv6 forms of addresses that are not among the console's names.
    '[2001:db8::1]:PORT',
    '[::ffff:7f00:1]:PORT',
    // The console's own names on another port: another origin.
    '127.0.0.1:1',
    'localhost',
    '[::1]:1',
  ])('refuses Host %s', async (pattern) => {
    const host = pattern.replace('PORT', String(port));
    upstreamSaw.length = 0;
    const r = await relayFrom(host);
    expect(r.status).toBe(403);
    expect(r.headers['x-relay-error']).toBe('1');
    expect(r.body).toContain(`Host "${host.toLowerCase()}" is not one of them`);
    expect(upstreamSaw).toEqual([]);
  });
});
