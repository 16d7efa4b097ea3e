import { describe, expect, it } from 'vitest';
import { classifyResponse, type ResponseMeta } from '../../../shared/api/classify.ts';
import { FormatJob, type FormatReply } from './format-job.ts';

/** Runs a body through a FormatJob in pieces cut at `cuts` (byte offsets). */
function run(meta: ResponseMeta, body: string, cuts: number[]) {
  const bytes = new TextEncoder().encode(body);
  const replies: FormatReply[] = [];
  const job = new FormatJob(1, meta, (m) => replies.push(m));
  let at = 0;
  for (const c of [...cuts, bytes.length]) {
    if (c < at || c > bytes.length) continue;
    job.feed(bytes.slice(at, c));
    at = c;
  }
  job.finish();
  const end = replies.at(-1);
  if (end?.type !== 'end') throw new Error(`last reply: ${end?.type}`);
  const lastRestart = replies.map((r) => r.type).lastIndexOf('restart');
  const display = replies
    .slice(lastRestart + 1)
    .flatMap((r) => (r.type === 'chunk' ? [r.text] : []))
    .join('');
  return { result: end.result, size: end.size, display, replies };
}

/** The same as classify.ts on the whole body, for every way of cutting it in two or three. */
function expectSameAsWhole(meta: ResponseMeta, body: string): void {
  const whole = classifyResponse(meta, body);
  const n = new TextEncoder().encode(body).length;
  for (let i = 0; i <= n; i += Math.max(1, Math.floor(n / 60))) {
    for (const cuts of [[i], [Math.floor(i / 2), i]]) {
      const { result, display, size } = run(meta, body, cuts);
      expect({ ...result, display }, `cut at ${cuts.join(',')}`).toEqual(whole);
      expect(size).toBe(n);
    }
  }
}

const meta = (over: Partial<ResponseMeta> = {}): ResponseMeta => ({
  status: 200,
  contentType: 'application/json',
  retryAfter: null,
  relayError: false,
  ...over,
});

describe('FormatJob: streamed, and classified exactly as classify.ts classifies the whole body', () => {
  it('GraphQL data, partial data, errors, cost limits, JSON that is not GraphQL', () => {
    const errors = [{ message: 'no such field', locations: [{ line: 1, column: 3 }] }];
    expectSameAsWhole(meta(), JSON.stringify({ data: { currentUser: { username: 'é😀' } } }));
    expectSameAsWhole(meta(), JSON.stringify({ data: { a: null }, errors }));
    expectSameAsWhole(meta({ status: 400 }), JSON.stringify({ errors, data: null }));
    expectSameAsWhole(
      meta(),
      JSON.stringify({
        errors: [
          {
            message: 'too costly',
            extensions: {
              code: 'ErrQueryComplexityLimitExceeded',
              type: 'depth',
              actual: 40,
              limit: 30,
            },
          },
        ],
      }),
    );
    expectSameAsWhole(meta(), '[{"a": 1}, 2, "three"]');
    expectSameAsWhole(meta({ status: 404 }), '  {"message": "not found"}  ');
  });

  it('invalid JSON, wherever the error arrives: the body as received and JSON.parse’s message', () => {
    expectSameAsWhole(meta(), '{"data": {"a": 1}, oops');
    expectSameAsWhole(meta(), '{"data": [1, 2]} trailing');
    expectSameAsWhole(meta({ contentType: 'text/plain' }), '{"data": "\\x"}');
    expectSameAsWhole(meta(), '{"data": {"path": "caf\u00e9"');
  });

  it('HTML pages, plain-text errors, empty bodies, relay errors and 429s', () => {
    const html =
      '<!DOCTYPE html><html><head><title>502</title></head><body>Bad gateway</body></html>';
    expectSameAsWhole(meta({ status: 502 }), html);
    expectSameAsWhole(meta({ contentType: 'text/html' }), ' '.repeat(200) + html);
    expectSameAsWhole(meta({ status: 401, contentType: 'text/plain' }), 'Invalid access token.\n');
    expectSameAsWhole(meta({ status: 500, contentType: null }), '');
    expectSameAsWhole(meta({ status: 200 }), '   \n ');
    expectSameAsWhole(meta({ status: 502, relayError: true }), '{"error": "upstream refused"}');
    expectSameAsWhole(meta({ status: 429, retryAfter: '30' }), '{"errors": []}');
  });

  it('a big body is sent in pieces as it arrives; JSON broken at the end starts over', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ path: `dir/file-${i}.go`, n: i }));
    const good = JSON.stringify({ data: { results: items } });
    const cuts = Array.from({ length: 40 }, (_, i) => (i + 1) * 16_384);
    const ok = run(meta(), good, cuts);
    expect(ok.replies.filter((r) => r.type === 'chunk').length).toBeGreaterThan(1);
    expect(ok.replies.some((r) => r.type === 'restart')).toBe(false);
    expect(ok.display).toBe(classifyResponse(meta(), good).display);

    const bad = good.slice(0, -2) + ',}';
    const broken = run(meta(), bad, cuts);
    const firstChunk = broken.replies.findIndex((r) => r.type === 'chunk');
    const restart = broken.replies.findIndex((r) => r.type === 'restart');
    expect(firstChunk).toBeGreaterThanOrEqual(0);
    expect(restart).toBeGreaterThan(firstChunk);
    expect({ ...broken.result, display: broken.display }).toEqual(classifyResponse(meta(), bad));
    expect(broken.result.kind).toBe('invalid-json');
  });
});
