import { describe, expect, it } from 'vitest';
import { LineDecoder, LineEncoder } from './line-codec.ts';

describe('line codec', () => {
  it('sends a repeated short line as a number after its first time, and decodes it back', () => {
    const encoder = new LineEncoder();
    const decoder = new LineDecoder();
    const first = ['{', '  "a": 1,', '  "b": "' + 'y'.repeat(60) + '",', '},', '{'];
    const second = ['  "a": 1,', '},', '  "b": "' + 'y'.repeat(60) + '",', ''];
    const a = encoder.encode(first);
    const b = encoder.encode(second);
    expect(a).toEqual(['{', '  "a": 1,', first[2], '},', 0]);
    // Long lines are always sent as text; the empty line is a new short one.
    expect(b).toEqual([1, 2, second[2], '']);
    expect(decoder.decode(a)).toEqual(first);
    expect(decoder.decode(b)).toEqual(second);
  });

  it('stops numbering at its limit and both sides still agree', () => {
    const encoder = new LineEncoder();
    const decoder = new LineDecoder();
    const lines = Array.from({ length: 70_000 }, (_, i) => `line ${i}`);
    expect(decoder.decode(encoder.encode(lines))).toEqual(lines);
    const again = encoder.encode([...lines].reverse());
    expect(again.filter((l) => typeof l === 'string')).toHaveLength(70_000 - 65_536);
    expect(decoder.decode(again)).toEqual([...lines].reverse());
  });

  it('refuses a number it never saw', () => {
    expect(() => new LineDecoder().decode([3])).toThrow('Response line 3 was never sent.');
  });
});
