import { describe, expect, it } from 'vitest';
import { compareHandlers } from './compare-job.ts';

const ctx = { signal: new AbortController().signal, progress: () => undefined };

describe('the compare job', () => {
  it('joins the pieces of each side, parses and diffs them', async () => {
    const h = compareHandlers();
    await h.begin(null, ctx);
    const before = JSON.stringify({ data: { n: 1, s: 'x'.repeat(50) } }, null, 2);
    const after = JSON.stringify({ data: { n: 2, s: 'x'.repeat(50) } });
    for (let i = 0; i < before.length; i += 7)
      await h.append({ side: 'before', text: before.slice(i, i + 7) }, ctx);
    for (let i = 0; i < after.length; i += 5)
      await h.append({ side: 'after', text: after.slice(i, i + 5) }, ctx);
    const r = await h.diff({ limit: 10 }, ctx);
    expect(r.changes).toEqual([{ path: '$.data.n', kind: 'changed', before: '1', after: '2' }]);
    expect(r.notJson).toEqual({});
    // The texts went with the diff: a second diff compares nothing with nothing.
    expect((await h.diff({ limit: 10 }, ctx)).notJson).toEqual({
      before: expect.any(String),
      after: expect.any(String),
    });
  });

  it('compares a text that is not JSON as one string, and says why', async () => {
    const h = compareHandlers();
    await h.append({ side: 'before', text: 'Invalid access token.' }, ctx);
    await h.append({ side: 'after', text: '{"data":{}}' }, ctx);
    const r = await h.diff({ limit: 10 }, ctx);
    expect(r.notJson.before).toMatch(/JSON/);
    expect(r.notJson.after).toBeUndefined();
    expect(r.changes).toEqual([
      { path: '$', kind: 'changed', before: '"Invalid access token."', after: '{"data":{}}' },
    ]);
  });
});
