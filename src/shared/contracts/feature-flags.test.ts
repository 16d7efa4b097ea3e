import { describe, expect, it } from 'vitest';
import { flagWordProblem, parseFlagOverrides, splitFlagList } from './feature-flags.ts';

describe('splitFlagList', () => {
  it.each([
    ['', []],
    ['  ', []],
    ['search-debug', ['search-debug']],
    ['a,b c , d', ['a', 'b', 'c', 'd']],
    [',,a,,', ['a']],
  ])('%j', (text, words) => {
    expect(splitFlagList(text)).toEqual(words);
  });
});

describe('parseFlagOverrides (the instance test table: ~ ignored, - turns off)', () => {
  it('header values split on spaces and commas', () => {
    const flags = parseFlagOverrides(['~foo', 'bar', '-baz', 'a b,c']);
    expect([...flags]).toEqual([
      ['bar', true],
      ['baz', false],
      ['a', true],
      ['b', true],
      ['c', true],
    ]);
  });
  it('the last word for a flag wins', () => {
    expect(parseFlagOverrides(['x, -x']).get('x')).toBe(false);
  });
  it('a bare "-" names no flag', () => {
    expect(parseFlagOverrides(['-']).size).toBe(0);
  });
});

describe('flagWordProblem', () => {
  it.each(['search-debug', '-search-debug', '~x', 'cody.autocomplete', 'a_b'])(
    '%s is fine',
    (w) => {
      expect(flagWordProblem(w)).toBeUndefined();
    },
  );
  it.each(['é', 'a"b', 'a;b', '--'])('%s is refused with advice', (w) => {
    expect(flagWordProblem(w)).toMatch(/not a flag name/);
  });
});
