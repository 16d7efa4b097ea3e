import { describe, expect, it } from 'vitest';
import { classifyResponse } from './classify-graphql.ts';
import { meta } from './test-meta.ts';

describe('classifyResponse', () => {
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

  it('puts the first error in the title of a GraphQL 4xx', () => {
    const r = classifyResponse(meta(422, 'application/json'), '{"errors":[{"message":"nope"}]}');
    expect(r.notice).toEqual({ tone: 'error', title: '422: nope' });
  });

  it('shows broken JSON as received', () => {
    const broken = classifyResponse(meta(200, 'application/json'), '{"data": {');
    expect(broken.kind).toBe('invalid-json');
    expect(broken.display).toBe('{"data": {');
    expect(broken.notice?.title).toBe('200 OK: the body looks like JSON but does not parse');
  });

  it('flags JSON that is not a GraphQL response', () => {
    expect(classifyResponse(meta(200, 'application/json'), '{"hello":1}').kind).toBe('json');
    expect(classifyResponse(meta(404, 'application/json'), '[]').notice?.title).toBe(
      '404 Not Found: not a GraphQL response',
    );
  });

  it('caps the error list but counts all errors', () => {
    const errors = Array.from({ length: 500 }, (_, i) => ({ message: `e${i}` }));
    const r = classifyResponse(meta(200, 'application/json'), JSON.stringify({ errors }));
    expect(r.errors).toHaveLength(200);
    expect(r.errorCount).toBe(500);
  });

  it('classifies non-JSON answers by their HTTP facts, with no GraphQL errors', () => {
    expect(classifyResponse(meta(401, 'text/plain'), 'Invalid access token.\n')).toMatchObject({
      kind: 'text',
      errors: [],
      errorCount: 0,
      hasData: false,
      notice: { title: '401 Unauthorized: Invalid access token.' },
    });
    expect(classifyResponse(meta(429, 'application/json'), '{"errors":[]}').kind).toBe(
      'rate-limited',
    );
  });
});
