import { describe, expect, it } from 'vitest';
import { classifyHttp, streamsAsJson } from './classify-http.ts';
import { retryAfterSeconds } from './http.ts';
import { meta } from './test-meta.ts';

describe('classifyHttp', () => {
  it('shows a plain-text 401 verbatim and says what to do', () => {
    const r = classifyHttp(meta(401, 'text/plain; charset=utf-8'), 'Invalid access token.\n');
    expect(r?.kind).toBe('text');
    expect(r?.display).toBe('Invalid access token.\n');
    expect(r?.notice.title).toBe('401 Unauthorized: Invalid access token.');
    expect(r?.notice.detail).toMatch(/revoked/);
  });

  it('hints at expiry for a 401 with an OAuth token', () => {
    const r = classifyHttp(meta(401, 'text/plain', { scheme: 'bearer' }), 'Unauthorized\n');
    expect(r?.notice.detail).toMatch(/OAuth token, it may have expired/);
  });

  it('recognises an HTML page', () => {
    const r = classifyHttp(meta(200, 'text/html'), '<!doctype html><html><body>app</body></html>');
    expect(r?.kind).toBe('html');
    expect(r?.notice.title).toBe(
      'Not a GraphQL endpoint: got an HTML page — check the Instance URL.',
    );
    // Even when mislabelled.
    expect(classifyHttp(meta(404, 'text/plain'), '  <html>nope</html>')?.kind).toBe('html');
  });

  it('names a 404 as not an endpoint', () => {
    const r = classifyHttp(meta(404, 'text/plain'), '404 page not found\n');
    expect(r?.notice.title).toMatch(/^Not a GraphQL endpoint: 404 Not Found/);
  });

  it('turns an empty 429 with Retry-After into "retry in N s"', () => {
    const r = classifyHttp(meta(429, null, { retryAfter: '42' }), '');
    expect(r?.kind).toBe('rate-limited');
    expect(r?.notice.title).toBe('Rate limited; retry in 42 s.');
    const noHeader = classifyHttp(meta(429, null), '');
    expect(noHeader?.notice.title).toBe('Rate limited; retry later.');
  });

  it('reads an HTTP-date Retry-After', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });

  it('reports a relay error with the relay message, even when the body is JSON', () => {
    const r = classifyHttp(
      meta(502, 'text/plain', { relayError: true }),
      'Could not reach http://x: ECONNREFUSED.\n',
    );
    expect(r?.kind).toBe('relay');
    expect(r?.notice.title).toBe('The relay could not complete the request (502 Bad Gateway)');
    expect(r?.notice.detail).toBe('Could not reach http://x: ECONNREFUSED.');
    expect(classifyHttp(meta(502, 'application/json', { relayError: true }), '{}')?.kind).toBe(
      'relay',
    );
  });

  it('handles an empty 500', () => {
    expect(classifyHttp(meta(500, 'text/plain'), '\n')?.notice.title).toBe(
      '500 Internal Server Error with an empty body.',
    );
  });

  it('leaves JSON bodies to the GraphQL classification, as streamsAsJson says', () => {
    for (const [m, body] of [
      [meta(200, 'application/json'), '{"data":{}}'],
      [meta(400, 'application/json'), 'not json at all'],
      [meta(200, 'text/plain'), ' [1]'],
    ] as const) {
      expect(classifyHttp(m, body)).toBeUndefined();
      expect(streamsAsJson(m, body)).toBe(true);
    }
    expect(streamsAsJson(meta(200, 'text/html'), '<html>')).toBe(false);
    expect(streamsAsJson(meta(429, 'application/json'), '{}')).toBe(false);
  });
});
