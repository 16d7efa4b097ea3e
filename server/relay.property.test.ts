/**
 * Property tests for the relay (issue 7, "The relay under attack"), over real HTTP: whatever the
 * request path (encoded dots and slashes, doubled slashes, case, unicode, parameters), the relay
 * forwards exactly the four API paths and nothing else, to exactly the upstream path; and it
 * accepts as a target only a bare http(s) origin without credentials.
 */
import http, { type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createAppRoutes } from './app-routes.ts';
import { closeServer } from './http-util.ts';
import { parseRelayTarget } from './relay.ts';
import { listenOn0 } from './relay.test-helpers.ts';

const ROUTES: Record<string, { method: string; upstream: string }> = {
  '/relay/graphql': { method: 'POST', upstream: '/.api/graphql' },
  '/relay/oauth/token': { method: 'POST', upstream: '/.auth/idp/oauth/token' },
  '/relay/analytics/api/reports/by-user-client-date': {
    method: 'GET',
    upstream: '/api/reports/by-user-client-date',
  },
  '/relay/analytics/api/credits': { method: 'GET', upstream: '/api/credits' },
};

let upstreamUrl = '';
let appPort = 0;
const seen: string[] = [];
let upstream: Server;
let app: Server;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    req.resume();
    req.on('end', () => res.end('upstream ok'));
  });
  upstreamUrl = `http://127.0.0.1:${await listenOn0(upstream)}`;
  app = http.createServer((req, res) => {
    void routes(req, res).then((handled) => {
      if (!handled) res.end('not a route');
    });
  });
  appPort = await listenOn0(app);
  const routes = createAppRoutes({ allowedHosts: [`127.0.0.1:${appPort}`], defaults: {} });
});

afterAll(async () => {
  await closeServer(app);
  await closeServer(upstream);
});

function send(path: string, method: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: appPort,
        path,
        method,
        headers: {
          host: `127.0.0.1:${appPort}`,
          'x-debug-console': '1',
          'x-relay-target': upstreamUrl,
          'content-type': 'application/json',
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

/** Path pieces an attacker would combine. */
const segment = fc.constantFrom(
  'relay',
  'graphql',
  'oauth',
  'token',
  'analytics',
  'api',
  'credits',
  'reports',
  'by-user-client-date',
  '..',
  '.',
  '%2e%2e',
  '%2E%2e',
  '%2f',
  '%5c',
  '\\',
  '',
  'sandbox.json',
  'GRAPHQL',
  'graphql;x=1',
  '%00',
  'é',
  '%252e%252e',
  '.api',
);
const attackPath = fc.oneof(
  // Real routes with one piece changed, inserted or appended.
  fc
    .tuple(
      fc.constantFrom(...Object.keys(ROUTES)),
      fc.nat(),
      segment,
      fc.constantFrom('replace', 'insert', 'append'),
    )
    .map(([route, at, seg, how]) => {
      const parts = route.split('/');
      const i = 1 + (at % (parts.length - 1));
      if (how === 'replace') parts[i] = seg;
      else if (how === 'insert') parts.splice(i, 0, seg);
      else parts.push(seg);
      return parts.join('/');
    }),
  // Free combinations under /relay.
  fc.array(segment, { minLength: 1, maxLength: 6 }).map((s) => `/relay/${s.join('/')}`),
  // Exact routes, so both outcomes are exercised.
  fc.constantFrom(...Object.keys(ROUTES)),
);
const query = fc.constantFrom('', '?a=1', '?instanceURL=x.example', '?../..', '?%2e%2e/x');

describe('relay routing (properties)', () => {
  it('forwards exactly the four API paths, to exactly their upstream path, and nothing else', async () => {
    let forwarded = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        attackPath,
        query,
        fc.constantFrom('GET', 'POST'),
        async (path, q, method) => {
          seen.length = 0;
          const r = await send(path + q, method);
          const route = ROUTES[path];
          if (route && route.method === method) {
            forwarded++;
            expect(r.status, path).toBe(200);
            expect(seen).toEqual([route.upstream + q]);
          } else {
            refused++;
            // 404/405 from the relay, or 400 from the HTTP parser for a raw non-ASCII path.
            if (/^\/relay(\/|%2f)/i.test(path))
              expect(r.status >= 400 && r.status < 500, `${method} ${path}${q} → ${r.status}`).toBe(
                true,
              );
            expect(seen, `${method} ${path}${q}`).toEqual([]);
          }
        },
      ),
      { numRuns: 400 },
    );
    expect(forwarded).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(100);
  });
});

describe('parseRelayTarget (properties)', () => {
  const host = fc.constantFrom(
    '127.0.0.1',
    'localhost',
    'sourcegraph.example.com',
    '[::1]',
    'xn--bcher-kva.example',
  );
  const port = fc.option(fc.integer({ min: 1, max: 65535 }));
  const scheme = fc.constantFrom(
    'http:',
    'https:',
    'ftp:',
    'file:',
    'javascript:',
    'data:',
    'ws:',
    'HTTP:',
  );
  const userinfo = fc.option(fc.constantFrom('user@', 'user:pass@', ':tok@', '%40@'));
  const tail = fc.constantFrom('', '/', '/x', '/.api/graphql', '?q=1', '#f', '//', '/..');

  it('accepts only a bare http(s) origin without credentials, and returns that origin', () => {
    fc.assert(
      fc.property(scheme, userinfo, host, port, tail, (s, u, h, p, t) => {
        const raw = `${s}//${u ?? ''}${h}${p === null ? '' : `:${p}`}${t}`;
        const r = parseRelayTarget(raw);
        // `/..` normalizes to `/`: still a bare origin.
        const bare = /^https?:$/i.test(s) && u === null && ['', '/', '/..'].includes(t);
        if (bare) expect(r, raw).toBeInstanceOf(URL);
        else expect(typeof r, raw).toBe('string');
        if (r instanceof URL) {
          expect(r.origin).toBe(new URL(raw).origin);
          expect(r.username + r.password + r.search + r.hash).toBe('');
        }
      }),
      { numRuns: 1000 },
    );
  });
});
