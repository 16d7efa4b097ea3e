import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/** Extra environment for a bench server (SANDBOX_SCHEMA, SANDBOX_REPORT_SCALE, ...). */
export type ServerEnv = Record<string, string>;

/** What `/sandbox.json` says. */
export interface SandboxInfo {
  base_url: string;
  analytics_url: string;
  /** The demo tokens /sandbox.json lists (server/sandbox/index.ts): these two and others. */
  tokens: Record<string, string> & { user: string; analytics: string };
  instances?: string[];
}

export interface BenchServer {
  /** The app's origin, e.g. http://127.0.0.1:4420 */
  url: string;
  port: number;
  pid: number;
  /** null when the server runs with SANDBOX=off. */
  sandbox: SandboxInfo | null;
  /** Resident memory of the server process now, in MB (Linux; NaN elsewhere). */
  rssMb(): number;
  /** Peak resident memory of the server process so far (VmHWM), in MB. */
  peakRssMb(): number;
  /**
   * Sets the peak (VmHWM) back to the current RSS (Linux's `/proc/<pid>/clear_refs`), so a later
   * `peakRssMb()` is the peak since now; false where that is not possible.
   */
  resetPeakRss(): boolean;
  output(): string;
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '..', '..');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/**
 * Builds the app into `distDir` unless a build newer than every source file is already there.
 * Returns a line saying what happened.
 */
export function buildIfNeeded(distDir: string): string {
  const index = join(ROOT, distDir, 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(
    ...['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].map((p) =>
      newestMtime(join(ROOT, p)),
    ),
  );
  if (built > sources) return `Using the existing build in ${distDir}/.`;
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: ROOT,
    env: { ...process.env, DIST_DIR: distDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`);
  return `Built the app into ${distDir}/.`;
}

function readRssMb(pid: number, field = 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Whether `port` on 127.0.0.1 can be listened on now. */
function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

/** A port the OS says is free (listening on port 0). */
function anyFreePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/**
 * The first of `count` consecutive free ports (the server takes its port and the sandbox the
 * next two, so port 0 alone cannot do): starts from a port the OS hands out and checks the
 * neighbours. Another process may still take one before the server listens: `startServer`
 * then tries another base.
 */
async function freePortBase(count = 3): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = await anyFreePort();
    if (base + count > 65_535) continue;
    let free = true;
    for (let p = base + 1; free && p < base + count; p++) free = await portFree(p);
    if (free) return base;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

/**
 * Starts the real server (`node --import tsx server/main.ts`) as a child process and waits until
 * it answers: on `port` (its sandbox takes port+1 and port+2) when one is given, else on three
 * free consecutive ports (another base if one is taken meanwhile).
 */
export async function startServer(
  port: number | undefined,
  distDir: string,
  env: ServerEnv = {},
): Promise<BenchServer> {
  if (port !== undefined) return startServerOn(port, distDir, env);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOn(await freePortBase(), distDir, env);
    } catch (err) {
      if (attempt >= 5 || !/EADDRINUSE|already in use/.test(String(err))) throw err;
    }
  }
}

async function startServerOn(port: number, distDir: string, env: ServerEnv): Promise<BenchServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'server/main.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DIST_DIR: distDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  child.stderr?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  const url = `http://127.0.0.1:${port}`;
  const sandboxOff = env.SANDBOX !== undefined && /^(off|false|0|no)$/i.test(env.SANDBOX);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/${sandboxOff ? 'config.json' : 'sandbox.json'}`);
      if (res.ok) {
        const sandbox = sandboxOff ? null : ((await res.json()) as SandboxInfo);
        return {
          url,
          port,
          pid: child.pid!,
          sandbox,
          rssMb: () => readRssMb(child.pid!),
          peakRssMb: () => readRssMb(child.pid!, 'VmHWM'),
          resetPeakRss: () => resetPeak(child.pid!),
          output: () => out,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
              child.once('exit', () => {
                clearTimeout(kill);
                done();
              });
              child.kill('SIGTERM');
            }),
        };
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server on ${port} did not start in 120 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
