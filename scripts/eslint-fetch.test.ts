import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The rule in eslint.config.js that keeps src/shared/api/http.ts the one fetch wrapper: the
 * global `fetch` is banned in src/ outside src/shared/api/ (unit tests may reach a test server).
 */

const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });
const FETCH_RULE = /the one fetch wrapper/;

/** The fetch rule's messages for `code` placed at `filePath`. */
async function fetchErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, { filePath });
  return (result?.messages ?? []).map((m) => m.message).filter((m) => FETCH_RULE.test(m));
}

const CALL = "void fetch('/config.json');";

describe('the one fetch wrapper', () => {
  it.each([
    ['src/features/connection/probe.ts', CALL],
    ['src/features/schema/probe.ts', CALL],
    ['src/features/analytics/worker/probe.ts', CALL],
    ['src/features/console/components/probe.tsx', CALL],
    ['src/app/probe.ts', CALL],
    ['src/shared/lib/probe.ts', CALL],
    ['src/features/connection/probe.ts', "void window.fetch('/config.json');"],
    ['src/features/connection/probe.ts', "void globalThis.fetch('/config.json');"],
    ['src/features/docs/workers/probe.worker.ts', "void self.fetch('/config.json');"],
    ['src/features/connection/probe.ts', 'export const send = fetch;'],
  ])('%s: %s fails', async (file, code) => {
    expect(await fetchErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ['src/shared/api/probe.ts', CALL],
    ['src/features/analytics/probe.test.ts', CALL],
    ['src/features/connection/probe.ts', "import { httpRequest } from '../../shared/api/http.ts';"],
  ])('%s: %s passes', async (file, code) => {
    expect(await fetchErrors(file, code)).toEqual([]);
  });
});
