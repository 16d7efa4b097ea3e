import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PagedOperation } from './rewrite.ts';
import {
  DEFAULT_RETRY_S,
  MAX_RATE_LIMITED,
  runPages,
  type Answer,
  type PageBody,
  type RunEvent,
} from './run-pages.ts';
import { PageStore } from './page-store.ts';
import { sleep } from './sleep.ts';

const op: PagedOperation = {
  query:
    'query Q($pageSize: Int!, $cursor: String) { users(first: $pageSize, after: $cursor) { … } }',
  operationName: 'Q',
  variables: { q: 'x' },
  pageSizeVariable: 'pageSize',
  cursorVariable: 'cursor',
  path: ['users'],
  rows: 'nodes',
  columns: [{ name: 'n', path: ['n'] }],
  totalCount: true,
};

const ALL = Array.from({ length: 7 }, (_, i) => ({ n: i }));

/** A list of 7 behind cursors "c<offset>"; `faults` answers the nth request (0-based) instead. */
function instance(faults: Record<number, Answer | Error> = {}) {
  const sent: PageBody[] = [];
  const send = vi.fn(async (body: PageBody): Promise<Answer> => {
    const fault = faults[sent.length];
    sent.push(body);
    if (fault instanceof Error) throw fault;
    if (fault) return fault;
    const cursor = body.variables.cursor as string | null;
    const start = cursor ? Number(cursor.slice(1)) : 0;
    const size = body.variables.pageSize as number;
    const nodes = ALL.slice(start, start + size);
    const end = start + nodes.length;
    return {
      status: 200,
      retryAfter: null,
      text: JSON.stringify({
        data: {
          users: {
            nodes,
            totalCount: ALL.length,
            pageInfo: { hasNextPage: end < ALL.length, endCursor: nodes.length ? `c${end}` : null },
          },
        },
      }),
    };
  });
  return { send, sent };
}

const start = { pages: 0, rows: 0, cursor: null };

/** The loop's deps around a fake instance, with the export worker's store in-process. */
function deps(send: (b: PageBody) => Promise<Answer>) {
  const store = new PageStore({
    format: 'ndjson',
    columns: [{ name: 'n', path: ['n'] }],
    path: ['users'],
    rows: 'nodes',
  });
  /** The rows in the file so far. */
  const written = async () =>
    (await store.blob().text())
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as unknown);
  return {
    written,
    deps: {
      send,
      sleep,
      read: async (a: Answer) => store.read(a.body ?? a.text),
      write: async () => store.write(),
    },
  };
}

describe('runPages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pages through the list with the page size and the last cursor, and reports progress', async () => {
    const { send, sent } = instance();
    const { written, deps: d } = deps(send);
    const events: RunEvent[] = [];
    const outcome = await runPages(
      op,
      3,
      start,
      d,
      (e) => events.push(e),
      new AbortController().signal,
    );
    expect(outcome).toEqual({
      kind: 'done',
      progress: { pages: 3, rows: 7, total: 7, cursor: 'c7' },
    });
    expect(await written()).toEqual(ALL);
    expect(sent.map((b) => b.variables)).toEqual([
      { q: 'x', pageSize: 3, cursor: null },
      { q: 'x', pageSize: 3, cursor: 'c3' },
      { q: 'x', pageSize: 3, cursor: 'c6' },
    ]);
    expect(sent[0]!.operationName).toBe('Q');
    expect(events.map((e) => e.kind === 'page' && e.progress.rows)).toEqual([3, 6, 7]);
  });

  it('a 429 waits Retry-After seconds, then asks for the same cursor again', async () => {
    const { send, sent } = instance({ 1: { status: 429, retryAfter: '2', text: '' } });
    const { written, deps: d } = deps(send);
    const events: RunEvent[] = [];
    const run = runPages(op, 3, start, d, (e) => events.push(e), new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ kind: 'rate-limited', seconds: 2 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.length).toBeGreaterThan(2);
    expect(sent[2]!.variables.cursor).toBe('c3');
    expect(sent[1]!.variables.cursor).toBe('c3');
    await expect(run).resolves.toMatchObject({ kind: 'done', progress: { rows: 7 } });
    expect(await written()).toEqual(ALL);
  });

  it('a 429 without Retry-After waits the default; too many in a row fail, keeping the cursor', async () => {
    const limited = { status: 429, retryAfter: null, text: '' };
    const faults: Record<number, Answer> = {};
    for (let i = 1; i <= MAX_RATE_LIMITED + 1; i++) faults[i] = limited;
    const { send, sent } = instance(faults);
    const run = runPages(op, 3, start, deps(send).deps, () => {}, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(DEFAULT_RETRY_S * 1000 - 1);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(MAX_RATE_LIMITED * DEFAULT_RETRY_S * 1000);
    await expect(run).resolves.toEqual({
      kind: 'failed',
      message: `Still rate limited (429) after ${MAX_RATE_LIMITED} waits.`,
      progress: { pages: 1, rows: 3, total: 7, cursor: 'c3' },
    });
  });

  it('Stop during the wait ends the run at once, without another request', async () => {
    const { send, sent } = instance({ 0: { status: 429, retryAfter: '3600', text: '' } });
    const stop = new AbortController();
    const run = runPages(op, 3, start, deps(send).deps, () => {}, stop.signal);
    await vi.advanceTimersByTimeAsync(10);
    stop.abort();
    await expect(run).resolves.toEqual({ kind: 'stopped', progress: start });
    expect(sent).toHaveLength(1);
  });

  it('a failure keeps the last written cursor; a resume continues from it without repeating rows', async () => {
    const { send } = instance({
      2: { status: 502, retryAfter: null, text: '<html>bad gateway</html>' },
    });
    const { written, deps: d } = deps(send);
    const signal = new AbortController().signal;
    const first = await runPages(op, 2, start, d, () => {}, signal);
    expect(first).toEqual({
      kind: 'failed',
      message: 'The instance answered 502: <html>bad gateway</html>',
      progress: { pages: 2, rows: 4, total: 7, cursor: 'c4' },
    });
    const resumed = await runPages(op, 2, first.progress, d, () => {}, signal);
    expect(resumed).toEqual({
      kind: 'done',
      progress: { pages: 4, rows: 7, total: 7, cursor: 'c7' },
    });
    expect(await written()).toEqual(ALL);
  });

  it("a cost-limit 400 asks for a smaller page size under the instance's limits, same cursor", async () => {
    const refused = {
      status: 400,
      retryAfter: null,
      text: JSON.stringify({
        errors: [
          {
            message: 'Query exceeds maximum field count limit',
            extensions: {
              code: 'ErrQueryComplexityLimitExceeded',
              type: 'field count',
              limit: 9,
              actual: 16,
            },
          },
        ],
      }),
    };
    const { send, sent } = instance({ 1: refused, 3: refused });
    const { written, deps: d } = deps(send);
    const resize = vi.fn((r: { limit: number }[]) => (r[0]!.limit === 9 ? 2 : undefined));
    const events: RunEvent[] = [];
    const outcome = await runPages(
      op,
      3,
      start,
      { ...d, resize },
      (e) => events.push(e),
      new AbortController().signal,
    );
    expect(resize).toHaveBeenCalledWith([{ kind: 'field count', limit: 9, actual: 16 }]);
    expect(sent.map((b) => [b.variables.pageSize, b.variables.cursor])).toEqual([
      [3, null],
      [3, 'c3'],
      [2, 'c3'],
      [2, 'c5'],
    ]);
    // The second refusal asks for 2 again: no smaller size, so the run fails there.
    expect(outcome).toMatchObject({ kind: 'failed', progress: { rows: 5, cursor: 'c5' } });
    expect(outcome.kind === 'failed' && outcome.message).toMatch(/^The instance answered 400: /);
    expect(events.filter((e) => e.kind === 'resized')).toHaveLength(1);
    expect(await written()).toEqual(ALL.slice(0, 5));
  });

  it('a network failure, an error answer and a cursor that does not move all fail', async () => {
    const signal = new AbortController().signal;
    const net = instance({ 0: new Error('Network failure') });
    await expect(
      runPages(op, 3, start, deps(net.send).deps, () => {}, signal),
    ).resolves.toMatchObject({
      kind: 'failed',
      message: 'Network failure',
    });
    const errors = instance({
      0: { status: 200, retryAfter: null, text: '{"errors":[{"message":"must be site admin"}]}' },
    });
    await expect(
      runPages(op, 3, start, deps(errors.send).deps, () => {}, signal),
    ).resolves.toMatchObject({
      kind: 'failed',
      message: 'The instance answered with an error: must be site admin',
    });
    const stuck = {
      status: 200,
      retryAfter: null,
      text: JSON.stringify({
        data: { users: { nodes: [], pageInfo: { hasNextPage: true, endCursor: null } } },
      }),
    };
    const noCursor = instance({ 0: stuck });
    await expect(
      runPages(op, 3, start, deps(noCursor.send).deps, () => {}, signal),
    ).resolves.toMatchObject({
      kind: 'failed',
      message: 'The instance says more rows follow but gave no new cursor to ask from.',
    });
  });
});
