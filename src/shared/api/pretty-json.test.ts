import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prettyJson } from './pretty-json.ts';

describe('prettyJson', () => {
  it('keeps small flat containers on one line', () => {
    const v = {
      data: {
        currentUser: { username: 'alice' },
        search: {
          results: {
            matchCount: 2,
            lineMatches: [{ preview: 'x', lineNumber: 3, offsetAndLengths: [[1, 4]] }],
          },
        },
      },
    };
    expect(prettyJson(v)).toBe(
      [
        '{',
        '  "data": {',
        '    "currentUser": { "username": "alice" },',
        '    "search": {',
        '      "results": {',
        '        "matchCount": 2,',
        '        "lineMatches": [',
        '          { "preview": "x", "lineNumber": 3, "offsetAndLengths": [[1, 4]] }',
        '        ]',
        '      }',
        '    }',
        '  }',
        '}',
      ].join('\n'),
    );
  });

  it('breaks long containers and keeps empty ones short', () => {
    const long = { a: 'x'.repeat(100), b: [], c: {} };
    expect(prettyJson(long)).toBe(`{\n  "a": "${'x'.repeat(100)}",\n  "b": [],\n  "c": {}\n}`);
    expect(prettyJson(null)).toBe('null');
    expect(prettyJson('a"b')).toBe('"a\\"b"');
  });

  it('always prints JSON that parses back to the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(JSON.parse(prettyJson(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: 300 },
    );
  });
});
