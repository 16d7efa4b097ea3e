import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The guard in eslint.config.js against tests that cannot fail: focused, skipped, conditional
 * or expected-to-fail tests, in every form Vitest and Playwright offer, wherever a test lives.
 */

const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });
const GUARD = /a skipped test proves nothing\.$/;

/** The guard's messages for `code` placed at `filePath`. */
async function guardErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.message).filter((m) => GUARD.test(m));
}

const FILES = ['src/features/docs/probe.test.ts', 'server/probe.test.ts', 'e2e/probe.spec.ts'];

/** Each a whole statement; `t` is a test body. */
const CAUGHT = [
  // Vitest
  "it.only('a', () => {});",
  "it.skip('a', () => {});",
  "it.todo('a');",
  "it.skipIf(process.env.CI)('a', () => {});",
  "it.runIf(process.env.CI)('a', () => {});",
  "it.fails('a', () => {});",
  "it.skip.each([1])('a %s', () => {});",
  "it.only.each([1])('a %s', () => {});",
  "it.concurrent.skip('a', () => {});",
  "it.concurrent.only('a', () => {});",
  "test.skipIf(true)('a', () => {});",
  "test.runIf(false)('a', () => {});",
  "describe.only('a', () => {});",
  "describe.skip('a', () => {});",
  "describe.todo('a');",
  "describe.skipIf(true)('a', () => {});",
  "describe.runIf(false)('a', () => {});",
  "describe.skip.each([1])('a %s', () => {});",
  "describe.concurrent.only('a', () => {});",
  "suite.skip('a', () => {});",
  "it['only']('a', () => {});",
  "it('a', (ctx) => { ctx.skip(); });",
  "it('a', (context) => { context.skip(); });",
  // Playwright
  "test.only('a', async () => {});",
  "test.skip('a', async () => {});",
  "test.fixme('a', async () => {});",
  "test.fail('a', async () => {});",
  "test('a', async () => { test.skip(process.platform === 'linux', 'why'); });",
  "test('a', async () => { test.fixme(); });",
  "test('a', async () => { test.info().skip(); });",
  "test('a', async () => { test.info().fixme(); });",
  "test('a', async ({}, testInfo) => { testInfo.skip(); });",
  "test('a', async ({}, testInfo) => { testInfo.fixme(); });",
  "test.describe.only('a', () => {});",
  "test.describe.skip('a', () => {});",
  "test.describe.fixme('a', () => {});",
  "test.describe.serial.only('a', () => {});",
  "test.describe.serial.skip('a', () => {});",
  "test.describe.parallel.only('a', () => {});",
  "test.describe.parallel.fixme('a', () => {});",
];

/** Forms that run the test and let it fail. */
const ALLOWED = [
  "it('a', () => {});",
  "it.each([1])('a %s', () => {});",
  "it.concurrent('a', () => {});",
  "describe('a', () => {});",
  "describe.each([1])('a %s', () => {});",
  "test('a', async () => {});",
  "test.describe('a', () => {});",
  "test.describe.serial('a', () => {});",
  "test.describe.configure({ mode: 'serial' });",
  "test('a', async () => { await test.step('b', async () => {}); test.slow(); });",
  "test.use({ locale: 'en-US' });",
  'const args = { only: [1] }; args.only.push(2);',
  'class P { fail() { return 1; } run() { return this.fail(); } }',
];

describe('the skipped-test guard', () => {
  for (const file of FILES)
    it.each(CAUGHT)(`${file}: %s fails`, async (code) => {
      expect(await guardErrors(file, code)).not.toEqual([]);
    });

  it.each(ALLOWED)('%s passes', async (code) => {
    for (const file of FILES) expect(await guardErrors(file, code)).toEqual([]);
  });
});
