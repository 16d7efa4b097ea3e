import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestInstance, type TestInstance } from './instance.test-helpers.ts';

// A global `gc` for this test only (the flag must be set before the context is made).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** JS heap and Buffer memory after a full GC, in MB. */
function memoryMb(): { heap: number; buffers: number } {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed / 1024 / 1024, buffers: m.arrayBuffers / 1024 / 1024 };
}

let inst: TestInstance;
beforeAll(async () => {
  inst = await startTestInstance();
});
afterAll(() => inst.close());

describe('a big search', () => {
  it('is not kept alive once it has been answered (the load soak after big searches grew RSS)', async () => {
    const auth = { headers: { Authorization: `token ${inst.tokens.user}` } };
    // A first, small search builds the sandbox's one-time pools (file contents, escaped lines).
    await inst.gql('{ search(query: "count:10 func") { results { matchCount } } }', auth);
    const before = memoryMb();
    const res = await inst.gql(
      '{ search(query: "count:60000 func") { results { results { ... on FileMatch { file { path content } } } } } }',
      auth,
    );
    expect(res.status).toBe(200);
    expect(res.text.length).toBeGreaterThan(20_000_000);
    const after = memoryMb();
    // The result held ~60,000 generated files; once answered only small caches may remain.
    expect(after.heap - before.heap).toBeLessThan(30);
    // The bytes sent are kept for a repeat (fast-results.ts), within that cache's 64 MB.
    expect(after.buffers - before.buffers).toBeLessThan(64 + 8);
  }, 120_000);
});
