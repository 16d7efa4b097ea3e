import { describe, expect, it } from 'vitest';
import { headerWarnings, parseHeaders } from './headers';

describe('parseHeaders', () => {
  it.each([
    ['', {}],
    ['{"X-Trace": "1", "Accept-Language": "en"}', { 'X-Trace': '1', 'Accept-Language': 'en' }],
  ])('%j parses', (text, value) => expect(parseHeaders(text)).toEqual({ ok: true, value }));

  it.each<[string, number, number, RegExp]>([
    ['{"X-N": 1}', 1, 9, /value of "X-N" must be a string/],
    ['{\n "Bad Name": "x"}', 2, 2, /not a valid header name/],
    ['{"A": "x\\ny"}', 1, 7, /line breaks/],
    ['["x"]', 1, 1, /must be a JSON object/],
    ['{"A": "x",}', 1, 11, /trailing comma/],
  ])('%j fails at %i:%i', (text, line, column, message) => {
    const r = parseHeaders(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect([r.line, r.column]).toEqual([line, column]);
      expect(r.message).toMatch(message);
    }
  });
});

describe('headerWarnings', () => {
  it('warns about Authorization and headers browsers refuse to send', () => {
    expect(headerWarnings({ authorization: 'token x', Cookie: 'a', 'X-Ok': '1' })).toEqual([
      { key: 'authorization', message: expect.stringMatching(/connection panel/) },
      { key: 'Cookie', message: expect.stringMatching(/Browsers do not let pages set "Cookie"/) },
    ]);
  });
});
