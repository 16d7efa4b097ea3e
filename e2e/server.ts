import { spawn, type ChildProcess } from 'node:child_process';

export interface ExtraServer {
  url: string;
  info: { base_url: string; analytics_url: string; tokens: Record<string, string> };
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts another copy of the real server (already built by the webServer's `npm start`) with
 * its own environment, e.g. SANDBOX_SCHEMA; for tests that need a differently configured sandbox.
 */
export async function startExtraServer(
  port: number,
  env: Record<string, string> = {},
): Promise<ExtraServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/sandbox.json`);
      if (res.ok) {
        const info = (await res.json()) as ExtraServer['info'];
        return {
          url,
          info,
          output: () => out,
          stop: () =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        };
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}
