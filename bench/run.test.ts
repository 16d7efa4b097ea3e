import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs `npm run bench` with `args` (node + tsx, as package.json does); resolves on any exit. */
function bench(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'bench/run.ts', ...args],
      (err, _stdout, stderr) => resolve({ code: err ? (err.code as number) : 0, stderr }),
    );
  });
}

describe('npm run bench arguments', () => {
  it('--only without a value says what is missing (it crashed on undefined.split)', async () => {
    const r = await bench(['--only']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('--only needs a value. Try --help.');
  }, 120_000);
});
