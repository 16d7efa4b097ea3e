/**
 * Issue 7, "Secrets", over real HTTP against the real server process (`node --import tsx
 * server/main.ts`, the same as `npm start`) with its sandbox:
 * - each sandbox service receives only its own credentials through the relay, even when
 *   requests with different tokens for different services are interleaved on kept-alive sockets;
 * - the server's output while serving requests that carry tokens (relay access log on) never
 *   contains a token, whatever the token looks like (fast-check) and wherever it was sent;
 * - app routes carry a strict CSP, `Referrer-Policy: no-referrer` and `nosniff`, and the page
 *   has no inline script.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { LoggedRequest } from './sandbox/request-log.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = process.env.HARDENING_DIST_DIR ?? 'dist-hardening';
/** The app's origin, read from its start banner: it and its sandbox take free ports (PORT=0). */
let APP = '';

interface Info {
  base_url: string;
  analytics_url: string;
  tokens: Record<string, string>;
  oauth: { access_token: string; refresh_token: string; client_id: string };
  instances: [string, ...string[]];
}

let child: ChildProcess;
let output = '';
let info: Info;
let tmp: string;
let requestLog: string;

function loggedRequests(): LoggedRequest[] {
  if (!existsSync(requestLog)) return [];
  return readFileSync(requestLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LoggedRequest);
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, DIST, 'index.html'))) {
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: ROOT,
      env: { ...process.env, DIST_DIR: DIST },
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`vite build into ${DIST} failed:\n${r.stderr}`);
  }
  tmp = mkdtempSync(join(tmpdir(), 'hardening-secrets-'));
  requestLog = join(tmp, 'requests.jsonl');
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      DIST_DIR: DIST,
      RELAY_LOG: '1',
      SANDBOX_REQUEST_LOG: requestLog,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  // The banner is printed once the server listens.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = () => {
      APP = /^Debug console: +(http:\/\/[^/\s]+)\//m.exec(output)?.[1] ?? '';
      if (!APP) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve();
    };
    child.stdout!.on('data', onData);
    child.once('exit', () => reject(new Error(`server exited early:\n${output}`)));
  });
  const res = await fetch(`${APP}/sandbox.json`);
  if (!res.ok) throw new Error(`${APP}/sandbox.json answered ${res.status}:\n${output}`);
  info = (await res.json()) as Info;
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

const RELAY = { 'X-Debug-Console': '1' };

/**
 * Resolves once the server has written the relay access-log line of a request sent now. Each
 * line is written as its response is handed over, and stdout keeps order, so the lines of the
 * requests answered before are in `output` by then.
 */
async function relayLogWritten(): Promise<void> {
  const marker = `/relay/end-of-requests-${randomUUID()}`;
  const written = new Promise<void>((resolve) => {
    const onData = () => {
      if (!output.includes(marker)) return;
      child.stdout!.off('data', onData);
      resolve();
    };
    child.stdout!.on('data', onData);
  });
  await (await fetch(`${APP}${marker}`, { headers: RELAY })).arrayBuffer();
  await written;
}

function relayGraphQL(token: string, scheme = 'token', query = '{ currentUser { username } }') {
  return fetch(`${APP}/relay/graphql`, {
    method: 'POST',
    headers: {
      ...RELAY,
      'X-Relay-Target': info.base_url,
      Authorization: `${scheme} ${token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ query }),
  });
}

function relayAnalytics(token: string, path: string) {
  return fetch(`${APP}/relay/analytics${path}`, {
    headers: { ...RELAY, 'X-Relay-Target': info.analytics_url, Authorization: `Bearer ${token}` },
  });
}

function relayOAuth(refreshToken: string) {
  return fetch(`${APP}/relay/oauth/token`, {
    method: 'POST',
    headers: {
      ...RELAY,
      'X-Relay-Target': info.base_url,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: info.oauth.client_id,
    }).toString(),
  });
}

/** Every secret the instance side knows (tokens by role, OAuth access and refresh tokens). */
function instanceSecrets(): string[] {
  return [
    ...Object.entries(info.tokens)
      .filter(([role]) => !role.startsWith('analytics'))
      .map(([, t]) => t),
    info.oauth.access_token,
    info.oauth.refresh_token,
  ].filter(Boolean);
}

function analyticsSecrets(): string[] {
  return Object.entries(info.tokens)
    .filter(([role]) => role.startsWith('analytics'))
    .map(([, t]) => t);
}

describe('secrets over real HTTP', () => {
  it('each sandbox service receives only its own credentials through the relay', async () => {
    expect(instanceSecrets().length).toBeGreaterThan(2);
    expect(analyticsSecrets().length).toBeGreaterThan(0);
    const host = encodeURIComponent(info.instances[0]);
    const started = loggedRequests().length;
    // Interleaved and concurrent, so kept-alive upstream sockets are shared between them.
    const jobs: Promise<Response>[] = [];
    for (let round = 0; round < 3; round++) {
      for (const t of instanceSecrets()) jobs.push(relayGraphQL(t), relayGraphQL(t, 'Bearer'));
      for (const t of analyticsSecrets()) {
        jobs.push(relayAnalytics(t, `/api/credits?instanceURL=${host}`));
        jobs.push(
          relayAnalytics(t, `/api/reports/by-user-client-date?instanceURL=fault-bom.example`),
        );
      }
      jobs.push(relayOAuth(info.oauth.refresh_token));
    }
    const responses = await Promise.all(jobs);
    await Promise.all(responses.map((r) => r.arrayBuffer()));
    expect(responses.some((r) => r.status === 200)).toBe(true);

    const received = loggedRequests().slice(started);
    const byService = (s: string) => received.filter((r) => r.service === s);
    expect(byService('instance').length).toBeGreaterThanOrEqual(
      3 * (2 * instanceSecrets().length + 1),
    );
    expect(byService('analytics').length).toBe(3 * 2 * analyticsSecrets().length);
    for (const r of byService('instance')) {
      const seen = JSON.stringify(r);
      for (const t of analyticsSecrets()) expect(seen).not.toContain(t);
    }
    for (const r of byService('analytics')) {
      const seen = JSON.stringify(r);
      for (const t of instanceSecrets()) expect(seen).not.toContain(t);
      // The relay's own control headers stop at the relay.
      expect(r.headers['x-relay-target']).toBeUndefined();
    }
  });

  it('never writes a token to its output while serving, whatever the token and the route', async () => {
    const startedAt = output.length;
    const sent: string[] = [];
    const tokenArb = fc.oneof(
      fc.stringMatching(/^sgp_[0-9a-f]{16}_[0-9a-f]{40}$/),
      fc.stringMatching(/^sams_at_[0-9a-f]{32}$/),
      fc.stringMatching(/^[A-Za-z0-9._~+/-]{12,60}$/),
    );
    const routes = fc.constantFrom(
      'graphql',
      'graphql-bad-target',
      'analytics',
      'oauth',
      'direct',
      'bad-path',
    );
    await fc.assert(
      fc.asyncProperty(tokenArb, routes, async (token, route) => {
        sent.push(token);
        let res: Response;
        if (route === 'graphql') res = await relayGraphQL(token);
        else if (route === 'graphql-bad-target')
          res = await fetch(`${APP}/relay/graphql`, {
            method: 'POST',
            headers: {
              ...RELAY,
              'X-Relay-Target': `http://user:${encodeURIComponent(token)}@${new URL(info.base_url).host}`,
              Authorization: `token ${token}`,
            },
            body: '{"query":"{a}"}',
          });
        else if (route === 'analytics')
          res = await relayAnalytics(
            token,
            `/api/credits?instanceURL=${encodeURIComponent(info.instances[0])}`,
          );
        else if (route === 'oauth') res = await relayOAuth(token);
        else if (route === 'bad-path')
          res = await fetch(`${APP}/relay/%2e%2e/x`, {
            headers: { ...RELAY, Authorization: `token ${token}` },
          });
        else
          res = await fetch(`${info.base_url}/.api/graphql`, {
            method: 'POST',
            headers: { Authorization: `token ${token}` },
            body: '{"query":"{ currentUser { username } }"}',
          });
        await res.arrayBuffer();
      }),
      { numRuns: 60 },
    );
    // The real sandbox tokens too (the banner printed them at start on purpose; not afterwards).
    for (const t of [...instanceSecrets(), ...analyticsSecrets()]) {
      await (await relayGraphQL(t)).arrayBuffer();
      await (await relayAnalytics(t, '/api/credits?instanceURL=nope.example')).arrayBuffer();
    }
    await relayLogWritten();
    const served = output.slice(startedAt);
    expect(served).toMatch(/relay (GET|POST) /); // the access log is on and did log
    for (const t of sent) expect(output).not.toContain(t);
    for (const t of [...instanceSecrets(), ...analyticsSecrets()]) expect(served).not.toContain(t);
  });

  it('sends a strict CSP, no-referrer and nosniff on app routes, and the page has no inline script', async () => {
    const html = await (await fetch(`${APP}/debug/console`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].flatMap((m) =>
      m[1] ? [m[1]] : [],
    );
    expect(assets.length).toBeGreaterThan(0);
    for (const path of [
      '/',
      '/debug/console',
      '/analytics',
      '/sandbox.json',
      '/config.json',
      '/no-such-page',
      '/relay/nope',
      ...assets,
    ]) {
      const res = await fetch(`${APP}${path}`);
      await res.arrayBuffer();
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      if (!path.startsWith('/assets/')) {
        const csp = res.headers.get('content-security-policy') ?? '';
        const directives = new Map(
          csp
            .split(';')
            .map((d) => d.trim().split(/\s+/))
            .filter((d) => d[0])
            .map((d) => [d[0], d.slice(1)] as const),
        );
        expect(directives.get('script-src') ?? directives.get('default-src'), path).toEqual([
          "'self'",
        ]);
        expect(directives.get('object-src'), path).toEqual(["'none'"]);
        expect(directives.get('frame-ancestors'), path).toEqual(["'none'"]);
        expect(directives.get('worker-src'), path).toEqual(["'self'"]);
        expect(csp, path).not.toContain('unsafe-eval');
      }
    }
    // No inline script, and no inline event handler attribute, in the served page. The one
    // inline element allowed is the server's configuration as a JSON data block (never executed,
    // server/index-html.ts), holding no markup.
    for (const [, attrs = '', body = ''] of html.matchAll(
      /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
    )) {
      if (/^\s*type="application\/json"\s+id="app-config"\s*$/.test(attrs)) {
        expect(body).not.toMatch(/[<>]/);
        expect(() => JSON.parse(body)).not.toThrow();
        continue;
      }
      expect(attrs).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});
