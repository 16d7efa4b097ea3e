import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries in eslint.config.js: a feature is reached only through its index.ts,
 * src/shared/ reaches no feature, and the server reaches only src/shared/contracts/.
 */

const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax']);

/** The boundary messages ESLint reports for `code` placed at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId))
    .map((m) => m.message);
}

describe('feature doors', () => {
  it.each([
    [
      'src/features/analytics/probe.ts',
      "import { getConsoleStore } from '../console/hooks/use-console-store.ts';",
    ],
    [
      'src/features/console/components/probe.tsx',
      "import { useSchema } from '../../schema/schema.ts';",
    ],
    [
      'src/features/docs/probe.ts',
      "import type { ReadPayload } from '../schema/schema-worker.ts';",
    ],
    ['src/features/schema/probe.ts', "import { sendGraphQL } from '../connection/transport.ts';"],
    ['src/features/schema/probe.ts', "export const load = () => import('../docs/docs-panel.tsx');"],
    ['src/app/probe.ts', "import { prefetchSchema } from '../features/schema/schema.ts';"],
    ['src/features/docs/probe.ts', "export { x } from '../console/query-bridge.ts';"],
    [
      'src/features/connection/probe.ts',
      "import type { X } from '../console/response/format-job.ts';",
    ],
    [
      'src/features/console/probe.ts',
      "export const load = () => import('../docs/docs-panel.tsx');",
    ],
    [
      'src/app/probe.ts',
      "import { getSavedStore } from '../features/console/saved/saved-store.ts';",
    ],
    [
      'src/shared/lib/probe.ts',
      "import { getConnection } from '../../features/connection/index.ts';",
    ],
    [
      'bench/probe.ts',
      "import { JsonStreamPrinter } from '../src/features/console/response/json-stream-printer.ts';",
    ],
  ])('%s: a deep import into another feature fails', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const used = 1;\n`)).not.toEqual([]);
  });

  it.each([
    ['src/features/analytics/probe.ts', "import { getConnection } from '../connection/index.ts';"],
    [
      'src/features/console/components/probe.tsx',
      "import { useSchema } from '../../schema/index.ts';",
    ],
    ['src/features/schema/probe.ts', "import { sendGraphQL } from '../connection/index.ts';"],
    ['src/features/schema/probe.ts', "import { x } from './workers/protocol.ts';"],
    ['src/app/probe.ts', "import { prefetchSchema } from '../features/schema/index.ts';"],
    ['src/features/console/probe.ts', "import { x } from './hooks/use-console-store.ts';"],
    [
      'bench/probe.ts',
      "import { JsonStreamPrinter } from '../src/features/console/for-workers.ts';",
    ],
    ['src/app/probe.ts', "import { getSavedStore } from '../features/console/index.ts';"],
    ['src/features/docs/probe.ts', "export const load = () => import('./docs-panel.tsx');"],
  ])('%s: the door and the feature itself pass', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const used = 1;\n`)).toEqual([]);
  });
});

describe('server imports', () => {
  it.each([
    "import { addDays } from '../../../src/features/analytics/lib/credit-series.ts';",
    "import { getConnection } from '../../../src/features/connection/index.ts';",
    "import { readJson } from '../../../src/shared/lib/storage.ts';",
  ])('server/sandbox/analytics/probe.ts: %s fails', async (code) => {
    expect(await boundaryErrors('server/sandbox/analytics/probe.ts', code)).not.toEqual([]);
  });

  it('reaches src/shared/contracts/', async () => {
    const code = "import { addDays } from '../../../src/shared/contracts/dates.ts';";
    expect(await boundaryErrors('server/sandbox/analytics/probe.ts', code)).toEqual([]);
  });
});

describe('test support', () => {
  const code = "import { listenOn0 } from '../relay.test-helpers.ts';\nexport const used = 1;\n";

  it('server product code cannot import a *.test-helpers.ts file', async () => {
    expect(await boundaryErrors('server/sandbox/probe.ts', code)).not.toEqual([]);
  });

  it('a test and another helper can', async () => {
    expect(await boundaryErrors('server/sandbox/probe.test.ts', code)).toEqual([]);
    expect(await boundaryErrors('server/sandbox/probe.test-helpers.ts', code)).toEqual([]);
  });

  it('still keeps a server test out of src/ beyond the contracts', async () => {
    const deep = "import { readJson } from '../../src/shared/lib/storage.ts';";
    expect(await boundaryErrors('server/sandbox/probe.test.ts', deep)).not.toEqual([]);
  });
});
