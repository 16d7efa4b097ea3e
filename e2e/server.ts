import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type AddressInfo, type Server } from 'node:net';

export interface ExtraServer {
  url: string;
  info: { base_url: string; analytics_url: string; tokens: Record<string, string> };
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Resolves when the child prints its start banner ("Debug console:  http://…"), which the
 * server prints only once it listens; fails when it exits first or after 60 s.
 */
function listening(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 60 s:\n${output()}`));
    }, 60_000);
    const onData = () => {
      const m = /^Debug console: +(http:\/\/[^/\s]+)\//m.exec(output());
      if (!m?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      resolve(m[1]);
    };
    const onExit = () => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening:\n${output()}`));
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * Starts another copy of the real server (already built by the webServer's `npm start`) with
 * its own environment, e.g. SANDBOX_SCHEMA; for tests that need a differently configured sandbox.
 * It and its sandbox listen on free ports (PORT=0), so nothing else on the machine can hold them
 * and no stale server can answer in its place; its banner says where it listens.
 */
export async function startExtraServer(env: Record<string, string> = {}): Promise<ExtraServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // SANDBOX_PORT too, whatever the shell that started the tests says.
    env: { ...process.env, ...env, PORT: '0', SANDBOX_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  // Registered before `listening`'s own listener, so it sees the output with this chunk.
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  const url = await listening(child, () => out);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  const res = await fetch(`${url}/sandbox.json`);
  if (!res.ok) {
    await stop();
    throw new Error(`${url}/sandbox.json answered ${res.status}:\n${out}`);
  }
  const info = (await res.json()) as ExtraServer['info'];
  return { url, info, output: () => out, stop };
}

/**
 * `startExtraServer` whose sandbox reads `siteConfig` as its site configuration
 * (SANDBOX_SITE_CONFIG: a file in a temporary folder, removed when the server stops).
 */
export async function startServerWithSiteConfig(
  siteConfig: object,
  env: Record<string, string> = {},
): Promise<ExtraServer> {
  const dir = mkdtempSync(join(tmpdir(), 'site-config-'));
  const config = join(dir, 'site.json');
  writeFileSync(config, JSON.stringify(siteConfig));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    const server = await startExtraServer({ ...env, SANDBOX_SITE_CONFIG: config });
    return { ...server, stop: () => server.stop().finally(removeDir) };
  } catch (err) {
    removeDir();
    throw err;
  }
}

/**
 * Starts a spec's own upstream (a `node:http` or `node:net` server) on a free port of 127.0.0.1
 * and resolves with its origin, `http://127.0.0.1:<port>`; never a fixed port, which another
 * program on the machine may hold.
 */
export async function listenOnFreePort(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * An origin on which nothing listens, for tests of an unreachable service: a port the system
 * just gave out and took back (a fixed "unused" port may be some other program's).
 */
export async function closedOrigin(): Promise<string> {
  const server = createServer();
  const origin = await listenOnFreePort(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return origin;
}
