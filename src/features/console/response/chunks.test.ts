import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { splitIntoChunks } from './chunks.ts';
import { appendChunk } from './format-client.ts';

describe('response chunks', () => {
  it.each([
    ['', 4],
    ['one line', 3],
    ['a\nbb\nccc\n\ndddd\n', 1],
    ['a\nbb\nccc\n\ndddd\n', 3],
    [JSON.stringify({ a: [1, 2, { b: 'x\ny' }], c: null }, null, 2), 7],
  ])('rebuilds %j from chunks of %i', (text, size) => {
    const doc = splitIntoChunks(text, size).reduce(appendChunk, Text.empty);
    expect(doc.toString()).toBe(text);
    expect(doc.lines).toBe(text.split('\n').length);
  });

  it('cuts only at line breaks', () => {
    const chunks = splitIntoChunks('aaaa\nbbbb\ncccc', 2);
    expect(chunks).toEqual(['aaaa', '\nbbbb', '\ncccc']);
  });
});
