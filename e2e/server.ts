import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface ExtraServer {
  url: string;
  info: { base_url: string; analytics_url: string; tokens: Record<string, string> };
  output: () => string;
  stop(): Promise<void>;
}

/** The ports an extra server takes: its own, its sandbox instance's and its analytics service's. */
function portsOf(port: number): number[] {
  return [port, port + 1, port + 2];
}

/**
 * Fails with a clear message when something already listens on one of `ports` (another spec's
 * server, or a stale one from an earlier run that would otherwise answer for the new build).
 */
async function assertPortsFree(ports: readonly number[]): Promise<void> {
  for (const port of ports)
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', (e: NodeJS.ErrnoException) =>
        reject(
          e.code === 'EADDRINUSE'
            ? new Error(
                `Port ${port} is taken: another server (maybe a stale one from an earlier run) ` +
                  `listens there. Stop it, or give startExtraServer free ports (it takes ` +
                  `${ports.join(', ')}).`,
              )
            : e,
        ),
      );
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
    });
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
 * It takes `port`, `port + 1` and `port + 2`, and refuses to start when any is taken, so a spec
 * never talks to a server that is not the one it started.
 */
export async function startExtraServer(
  port: number,
  env: Record<string, string> = {},
): Promise<ExtraServer> {
  await assertPortsFree(portsOf(port));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), ...env },
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
  const expected = `http://127.0.0.1:${port}`;
  if (url !== expected) {
    await stop();
    throw new Error(`the server says it listens on ${url}, not ${expected}:\n${out}`);
  }
  const res = await fetch(`${url}/sandbox.json`);
  if (!res.ok) {
    await stop();
    throw new Error(`${url}/sandbox.json answered ${res.status}:\n${out}`);
  }
  const info = (await res.json()) as ExtraServer['info'];
  return { url, info, output: () => out, stop };
}
