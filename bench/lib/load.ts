import { execFile } from 'node:child_process';
import { join } from 'node:path';

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  /** Seconds. */
  duration?: number;
}

export interface LoadResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** Runs autocannon in a separate Node process against `url` and returns its summary. */
export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const worker = join(import.meta.dirname, 'load-worker.mjs');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [worker, JSON.stringify(opts)],
      { timeout: ((opts.duration ?? 5) + 30) * 1000, maxBuffer: 1 << 20 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`load worker failed: ${err.message}\n${stderr}`));
        try {
          resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as LoadResult);
        } catch {
          reject(new Error(`load worker printed no result:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}
