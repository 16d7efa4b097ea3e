import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendGraphQL } from './transport.ts';
import type { ConnectionSettings } from './connection-store.ts';
import { createAppRoutes } from '../../../server/app-routes.ts';
import { closeServer } from '../../../server/http-util.ts';

/**
 * The app's transport against the real relay: a header typed into the Headers editor reaches
 * the instance (the relay forwards the names the app lists in X-Relay-Headers), and the
 * browser's own headers do not.
 */

let seen: IncomingHttpHeaders | undefined;
const upstream = http.createServer((req, res) => {
  seen = req.headers;
  req.resume();
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end('{"data":{}}');
});
let app: http.Server;
let base = '';
let upstreamUrl = '';

function listenOn0(server: http.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  upstreamUrl = `http://127.0.0.1:${await listenOn0(upstream)}`;
  app = http.createServer();
  const port = await listenOn0(app);
  const routes = createAppRoutes({ allowedHosts: [`127.0.0.1:${port}`], defaults: {} });
  app.on('request', (req, res) => void routes(req, res));
  base = `http://127.0.0.1:${port}`;
  // The page's fetch resolves '/relay/...' against its origin; here, against the test server.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
    realFetch(new URL(url, base), { ...init, headers: { ...init.headers, Cookie: 'sid=1' } }),
  );
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await closeServer(app);
  await closeServer(upstream);
});

describe('transport through the relay', () => {
  it('delivers the Headers editor entries to the instance, and nothing the browser adds', async () => {
    const settings: ConnectionSettings = {
      baseUrl: upstreamUrl,
      analyticsUrl: '',
      scheme: 'token',
      token: 'sgp_local_0123456789abcdef0123456789abcdef01234567',
      sudoUser: '',
      analyticsToken: '',
      transport: 'relay',
      remember: false,
      oauth: {},
    };
    const { response } = await sendGraphQL(
      settings,
      { query: '{ currentUser { username } }' },
      { headers: { 'X-Team': 'search', 'X-Api-Key': 'k1' } },
    );
    expect(response.status).toBe(200);
    expect(seen?.['x-team']).toBe('search');
    expect(seen?.['x-api-key']).toBe('k1');
    expect(seen?.authorization).toBe(`token ${settings.token}`);
    expect(seen?.['content-type']).toBe('application/json');
    expect(seen?.cookie).toBeUndefined();
    expect(seen?.['x-relay-headers']).toBeUndefined();
  });
});
