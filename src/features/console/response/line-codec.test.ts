import { describe, expect, it } from 'vitest';
import { LineDecoder, LineEncoder } from './line-codec.ts';

describe('line codec', () => {
  it('sends a repeated short line as a number after its first time, and decodes it back', () => {
    const encoder = new LineEncoder();
    const decoder = new LineDecoder();
    const long = '  "b": "' + 'y'.repeat(60) + '",';
    const first = ['{', '  "a": 1,', long, '},', '{'];
    const second = ['  "a": 1,', '},', long, ''];
    const a = encoder.encode(first);
    const b = encoder.encode(second);
    // The new lines travel as one string, the rest as numbers (-1: the next line of the text).
    expect(a.text).toBe(['{', '  "a": 1,', long, '},'].join('\n'));
    expect([...a.ids]).toEqual([-1, -1, -1, -1, 0]);
    // Long lines are always sent as text; the empty line is a new short one.
    expect(b.text).toBe(long + '\n');
    expect([...b.ids]).toEqual([1, 2, -1, -1]);
    expect(decoder.decode(a)).toEqual(first);
    expect(decoder.decode(b)).toEqual(second);
  });

  it('hands over its numbers in a buffer that can be transferred', () => {
    const { ids } = new LineEncoder().encode(['a', 'b', 'a']);
    expect(ids).toBeInstanceOf(Int32Array);
    expect(ids.buffer.byteLength).toBe(ids.byteLength);
  });

  it('keeps empty lines, a last empty line and lines of any length apart', () => {
    const lines = ['', '', 'x'.repeat(100_000), '', 'é😀日本', ''];
    const encoder = new LineEncoder();
    const decoder = new LineDecoder();
    expect(decoder.decode(encoder.encode(lines))).toEqual(lines);
    expect(decoder.decode(encoder.encode(['']))).toEqual(['']);
    expect(decoder.decode(encoder.encode([]))).toEqual([]);
  });

  it('stops numbering at its limit and both sides still agree', () => {
    const encoder = new LineEncoder();
    const decoder = new LineDecoder();
    const lines = Array.from({ length: 70_000 }, (_, i) => `line ${i}`);
    expect(decoder.decode(encoder.encode(lines))).toEqual(lines);
    const again = encoder.encode([...lines].reverse());
    expect([...again.ids].filter((id) => id === -1)).toHaveLength(70_000 - 65_536);
    expect(decoder.decode(again)).toEqual([...lines].reverse());
  });

  it('refuses a number it never saw, and text that does not match the numbers', () => {
    expect(() => new LineDecoder().decode({ text: '', ids: Int32Array.of(3) })).toThrow(
      'Response line 3 was never sent.',
    );
    expect(() => new LineDecoder().decode({ text: 'a\nb', ids: Int32Array.of(-1) })).toThrow(
      'Response lines do not match their text.',
    );
    expect(() => new LineDecoder().decode({ text: 'a', ids: Int32Array.of(-1, -1) })).toThrow(
      'Response lines do not match their text.',
    );
  });
});
