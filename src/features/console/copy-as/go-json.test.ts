import { describe, expect, it } from 'vitest';
import { compareCodePoints, goJsonMarshal } from './go-json';

describe('goJsonMarshal', () => {
  it.each<[string, unknown, string]>([
    ['empty object', {}, '{}'],
    ['sorted keys', { b: 1, a: 2 }, '{"a":2,"b":1}'],
    [
      'nested sorted',
      { z: { y: [{ b: 1, a: null }] }, a: true },
      '{"a":true,"z":{"y":[{"a":null,"b":1}]}}',
    ],
    ['html escapes', '<a href="x">&</a>', '"\\u003ca href=\\"x\\"\\u003e\\u0026\\u003c/a\\u003e"'],
    ['line separators', '\u2028\u2029', '"\\u2028\\u2029"'],
    ['short escapes', '\b\f\n\r\t\\"', '"\\b\\f\\n\\r\\t\\\\\\""'],
    ['control chars lowercase hex', '\u0000\u001f\u007f', '"\\u0000\\u001f\u007f"'],
    ['unicode as is', 'é😀中', '"é😀中"'],
    ['lone surrogate', 'a\ud800b', '"a\\ufffdb"'],
    ['numbers', [1, -1.5, 1e21, 1e-7, 123456789012, 0.1], '[1,-1.5,1e+21,1e-7,123456789012,0.1]'],
    ['negative zero', -0, '-0'],
    ['slash not escaped', 'a/b', '"a/b"'],
  ])('%s', (_name, input, expected) => {
    expect(goJsonMarshal(input)).toBe(expected);
  });

  it('sorts keys by UTF-8 bytes, not UTF-16 units', () => {
    // U+FF01 (3 UTF-8 bytes, EF BC 81) sorts before U+1F600 (4 bytes, F0 …) in Go;
    // JS's default sort puts the surrogate pair (D83D) first.
    const keys = ['\u{1F600}', '\uFF01'];
    expect(goJsonMarshal({ [keys[0]!]: 1, [keys[1]!]: 2 })).toBe('{"\uFF01":2,"\u{1F600}":1}');
    expect(keys.sort(compareCodePoints)).toEqual(['\uFF01', '\u{1F600}']);
  });
});
