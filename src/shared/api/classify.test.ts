import { describe, expect, it } from 'vitest';
import { classifyResponse, type ResponseMeta } from './classify.ts';
import { retryAfterSeconds } from './http.ts';

function meta(
  status: number,
  contentType: string | null,
  extra: Partial<ResponseMeta> = {},
): ResponseMeta {
  return { status, contentType, retryAfter: null, relayError: false, ...extra };
}

describe('classifyResponse', () => {
  it('shows a plain-text 401 verbatim and says what to do', () => {
    const r = classifyResponse(meta(401, 'text/plain; charset=utf-8'), 'Invalid access token.\n');
    expect(r.kind).toBe('text');
    expect(r.display).toBe('Invalid access token.\n');
    expect(r.notice?.title).toBe('401 Unauthorized: Invalid access token.');
    expect(r.notice?.detail).toMatch(/revoked/);
  });

  it('hints at expiry for a 401 with an OAuth token', () => {
    const r = classifyResponse(meta(401, 'text/plain', { scheme: 'bearer' }), 'Unauthorized\n');
    expect(r.notice?.detail).toMatch(/OAuth token, it may have expired/);
  });

  it('recognises an HTML page', () => {
    const r = classifyResponse(
      meta(200, 'text/html'),
      '<!doctype html><html><body>app</body></html>',
    );
    expect(r.kind).toBe('html');
    expect(r.notice?.title).toBe(
      'Not a GraphQL endpoint: got an HTML page — check the Instance URL.',
    );
    // Even when mislabelled.
    expect(classifyResponse(meta(404, 'text/plain'), '  <html>nope</html>').kind).toBe('html');
  });

  it('names a 404 as not an endpoint', () => {
    const r = classifyResponse(meta(404, 'text/plain'), '404 page not found\n');
    expect(r.notice?.title).toMatch(/^Not a GraphQL endpoint: 404 Not Found/);
  });

  it('turns an empty 429 with Retry-After into "retry in N s"', () => {
    const r = classifyResponse(meta(429, null, { retryAfter: '42' }), '');
    expect(r.kind).toBe('rate-limited');
    expect(r.notice?.title).toBe('Rate limited; retry in 42 s.');
    const noHeader = classifyResponse(meta(429, null), '');
    expect(noHeader.notice?.title).toBe('Rate limited; retry later.');
  });

  it('reads an HTTP-date Retry-After', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });

  it('names the cost limit, actual vs limit, for a 400', () => {
    const body = JSON.stringify({
      errors: [
        {
          message: 'Query exceeds maximum alias count limit',
          extensions: {
            actual: 501,
            code: 'ErrQueryComplexityLimitExceeded',
            limit: 500,
            type: 'alias count',
          },
        },
      ],
    });
    const r = classifyResponse(meta(400, 'application/json'), body);
    expect(r.kind).toBe('cost-limit');
    expect(r.notice?.title).toMatch(
      /^400 Bad Request: the instance refused the query before running it/,
    );
    expect(r.notice?.detail).toMatch(/^alias count: 501 \(limit 500\)/);
    expect(r.errors[0]).toMatchObject({
      message: 'Query exceeds maximum alias count limit',
      code: 'ErrQueryComplexityLimitExceeded',
    });
  });

  it('pretty-prints GraphQL JSON and lists errors with locations beside partial data', () => {
    const body =
      '{"errors":[{"message":"boom","locations":[{"line":3,"column":5}],"path":["a","b"]}],"data":{"a":null}}';
    const r = classifyResponse(meta(200, 'application/json'), body);
    expect(r.kind).toBe('graphql');
    expect(JSON.parse(r.display)).toEqual(JSON.parse(body));
    expect(r.display).toContain('"errors": [\n');
    expect(r.errors).toEqual([
      { message: 'boom', locations: [{ line: 3, column: 5 }], path: ['a', 'b'], code: undefined },
    ]);
    expect(r.hasData).toBe(true);
    expect(r.notice?.tone).toBe('warning');
  });

  it('keeps a syntax error (no data) without a notice: the list says it', () => {
    const r = classifyResponse(
      meta(200, 'application/json'),
      '{"errors":[{"message":"syntax error: unexpected \\"\\", expecting Ident","locations":[{"line":1,"column":3}]}]}',
    );
    expect(r.hasData).toBe(false);
    expect(r.errors).toHaveLength(1);
    expect(r.notice).toBeUndefined();
  });

  it('reports a relay error with the relay message', () => {
    const r = classifyResponse(
      meta(502, 'text/plain', { relayError: true }),
      'Could not reach http://x: ECONNREFUSED.\n',
    );
    expect(r.kind).toBe('relay');
    expect(r.notice?.title).toBe('The relay could not complete the request (502 Bad Gateway)');
    expect(r.notice?.detail).toBe('Could not reach http://x: ECONNREFUSED.');
  });

  it('handles an empty 500 and broken JSON', () => {
    expect(classifyResponse(meta(500, 'text/plain'), '\n').notice?.title).toBe(
      '500 Internal Server Error with an empty body.',
    );
    const broken = classifyResponse(meta(200, 'application/json'), '{"data": {');
    expect(broken.kind).toBe('invalid-json');
    expect(broken.display).toBe('{"data": {');
  });

  it('flags JSON that is not a GraphQL response', () => {
    expect(classifyResponse(meta(200, 'application/json'), '{"hello":1}').kind).toBe('json');
  });

  it('caps the error list but counts all errors', () => {
    const errors = Array.from({ length: 500 }, (_, i) => ({ message: `e${i}` }));
    const r = classifyResponse(meta(200, 'application/json'), JSON.stringify({ errors }));
    expect(r.errors).toHaveLength(200);
    expect(r.errorCount).toBe(500);
  });
});
