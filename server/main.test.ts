/**
 * `npm start`'s process (`node --import tsx server/main.ts`) with PORT=0: the app, the sandbox
 * instance and the analytics sandbox each take a free port, and the banner and `/sandbox.json`
 * say which, so tests can start servers without naming a port another program may hold.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const dist = mkdtempSync(join(tmpdir(), 'dc-main-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Debug console</title>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  banner: string;
}
const started: Started[] = [];
afterEach(async () => {
  for (const { child } of started.splice(0))
    if (child.exitCode === null)
      await new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
});

/** Starts main.ts with `env`; resolves with its output once the whole banner is out. */
function startMain(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DIST_DIR: dist, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { child, banner: '' };
  started.push(run);
  return new Promise((ok, fail) => {
    const onData = (d: Buffer) => {
      run.banner += d.toString();
      // The banner's last line (the sandbox is on).
      if (/^ {2}oauth refresh .*\n/m.test(run.banner)) ok(run);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`main.ts exited (${code}):\n${run.banner}`)));
  });
}

function bannerUrl(banner: string, label: RegExp): string {
  const m = new RegExp(`^${label.source} +(http://\\S+)$`, 'm').exec(banner);
  if (!m?.[1]) throw new Error(`no ${label.source} in the banner:\n${banner}`);
  return m[1];
}

/** What the banner says: the app's origin and the sandbox's two URLs. */
function fromBanner(banner: string) {
  return {
    app: bannerUrl(banner, /Debug console:/).replace(/\/debug\/console$/, ''),
    base_url: bannerUrl(banner, /Sandbox instance \(base_url\):/),
    analytics_url: bannerUrl(banner, /Sandbox analytics \(analytics_url\):/),
  };
}

/** Checks that each URL the server reported answers as the service it names. */
async function expectAllAnswer(urls: ReturnType<typeof fromBanner>) {
  const info = (await (await fetch(`${urls.app}/sandbox.json`)).json()) as {
    base_url: string;
    analytics_url: string;
    tokens: Record<string, string>;
  };
  expect({ base_url: info.base_url, analytics_url: info.analytics_url }).toEqual({
    base_url: urls.base_url,
    analytics_url: urls.analytics_url,
  });
  // Through the app's relay (it answers only to the Host of the port it really got).
  const gql = await fetch(`${urls.app}/relay/graphql`, {
    method: 'POST',
    headers: {
      'X-Debug-Console': '1',
      'X-Relay-Target': info.base_url,
      Authorization: `token ${info.tokens.user}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ query: '{ currentUser { username } }' }),
  });
  expect(await gql.json()).toEqual({ data: { currentUser: { username: 'alice' } } });
  const credits = await fetch(`${info.analytics_url}/api/credits`, {
    headers: { Authorization: `Bearer ${info.tokens.analytics}` },
  });
  expect(credits.status).toBe(400); // it knows the token and asks for instanceURL
}

const portOf = (url: string) => Number(new URL(url).port);

/** A port the system just gave out and took back. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('main.ts with PORT=0', () => {
  it('listens on a free port, its sandbox on two more, and the banner and /sandbox.json report them', async () => {
    const { banner } = await startMain({ PORT: '0' });
    const urls = fromBanner(banner);
    expect(urls.app).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const ports = [urls.app, urls.base_url, urls.analytics_url].map(portOf);
    expect(ports.every((p) => p > 1024)).toBe(true);
    expect(new Set(ports).size).toBe(3);
    expect(banner).toContain(`Analytics:      ${urls.app}/analytics`);
    await expectAllAnswer(urls);
  }, 60_000);

  it('SANDBOX_PORT=0 beside a named PORT: the app on PORT, the sandbox on free ports', async () => {
    const port = await freePort();
    const { banner } = await startMain({ PORT: String(port), SANDBOX_PORT: '0' });
    const urls = fromBanner(banner);
    expect(urls.app).toBe(`http://127.0.0.1:${port}`);
    expect(portOf(urls.base_url)).toBeGreaterThan(1024);
    expect(portOf(urls.analytics_url)).toBeGreaterThan(1024);
    await expectAllAnswer(urls);
  }, 60_000);
});
