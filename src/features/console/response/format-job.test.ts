import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { classifyResponse } from '../../../shared/api/classify-graphql.ts';
import type { ResponseMeta } from '../../../shared/api/classify-http.ts';
import { appendLines } from './read-response.ts';
import { FormatJob, type FormatReply } from './format-job.ts';
import { LineDecoder } from './line-codec.ts';

/** The document the main thread builds from the replies after the last restart. */
function documentOf(replies: FormatReply[]): Text {
  const decoder = new LineDecoder();
  let doc = Text.empty;
  let started = false;
  for (const r of replies.slice(replies.map((r) => r.type).lastIndexOf('restart') + 1)) {
    if (r.type !== 'lines') continue;
    doc = appendLines(doc, decoder.decode(r.lines), started);
    started = true;
  }
  return doc;
}

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
  const end = replies[replies.length - 1];
  if (end?.type !== 'end') throw new Error(`last reply: ${end?.type}`);
  const doc = documentOf(replies);
  return { result: end.result, size: end.size, display: doc.toString(), doc, replies };
}

/** The same as classifyResponse on the whole body, for every way of cutting it in two or three. */
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

describe('FormatJob: streamed, and classified exactly as classifyResponse classifies the whole body', () => {
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
    expect(ok.replies.filter((r) => r.type === 'lines').length).toBeGreaterThan(1);
    expect(ok.replies.some((r) => r.type === 'restart')).toBe(false);
    const display = classifyResponse(meta(), good).display;
    expect(ok.display).toBe(display);
    expect(ok.doc.lines).toBe(display.split('\n').length);

    const bad = good.slice(0, -2) + ',}';
    const broken = run(meta(), bad, cuts);
    const firstChunk = broken.replies.findIndex((r) => r.type === 'lines');
    const restart = broken.replies.findIndex((r) => r.type === 'restart');
    expect(firstChunk).toBeGreaterThanOrEqual(0);
    expect(restart).toBeGreaterThan(firstChunk);
    expect({ ...broken.result, display: broken.display }).toEqual(classifyResponse(meta(), bad));
    expect(broken.result.kind).toBe('invalid-json');
  });
});

describe('FormatJob: display text as whole lines', () => {
  it('every message but the last holds whole lines; line breaks in plain text as CodeMirror reads them', () => {
    const body = JSON.stringify({ data: { list: Array.from({ length: 3000 }, (_, i) => i) } });
    const cuts = Array.from({ length: 30 }, (_, i) => (i + 1) * 500);
    const { replies, display } = run(meta(), body, cuts);
    const sent = replies.flatMap((r) => (r.type === 'lines' ? [r.lines] : []));
    expect(sent.length).toBeGreaterThan(1);
    const decoder = new LineDecoder();
    const lines = sent.flatMap((l) => decoder.decode(l));
    expect(lines).toEqual(display.split('\n'));
    expect(lines).toEqual(classifyResponse(meta(), body).display.split('\n'));

    const text = run(meta({ status: 401, contentType: 'text/plain' }), 'a\r\nb\rc\n', [2, 3]);
    expect(text.doc.toJSON()).toEqual(['a', 'b', 'c', '']);
  });

  it('sends the first screen of lines at once, before the rest of a big first piece is printed', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ path: `dir/file-${i}.go`, n: [i] }));
    const body = JSON.stringify({ data: { results: items } });
    // The whole body as one piece, as when the first read returns everything at once.
    const { replies, display } = run(meta(), body, []);
    const lines = replies.flatMap((r) => (r.type === 'lines' ? [r.lines.ids.length] : []));
    expect(lines[0]).toBeGreaterThanOrEqual(60);
    expect(lines[0]).toBeLessThan(200);
    expect(lines.reduce((a, b) => a + b, 0)).toBe(display.split('\n').length);
  });

  it('no message carries much more than 64 K characters, however big the pieces', () => {
    const items = Array.from({ length: 20_000 }, (_, i) => ({ path: `dir/file-${i}.go`, n: [i] }));
    const body = JSON.stringify({ data: { results: items } });
    const { replies, doc } = run(meta(), body, [body.length >> 1]);
    const decoder = new LineDecoder();
    const sizes = replies.flatMap((r) =>
      r.type === 'lines' ? [decoder.decode(r.lines).reduce((n, l) => n + l.length + 1, 0)] : [],
    );
    expect(sizes.length).toBeGreaterThan(8);
    expect(Math.max(...sizes)).toBeLessThan(66 * 1024);
    expect(doc.toString()).toBe(classifyResponse(meta(), body).display);
  });

  it('a long line arriving in many pieces is sent once, whole', () => {
    const long = 'x'.repeat(300_000);
    const body = JSON.stringify({ data: { long, after: 1 } });
    const cuts = Array.from({ length: 60 }, (_, i) => (i + 1) * 5_000);
    const { replies, doc } = run(meta(), body, cuts);
    const decoder = new LineDecoder();
    const lines = replies.flatMap((r) => (r.type === 'lines' ? decoder.decode(r.lines) : []));
    expect(lines.filter((l) => l.includes('xxxx'))).toEqual([`    "long": "${long}",`]);
    expect(doc.toString()).toBe(classifyResponse(meta(), body).display);
  });
});
