import { describe, expect, it } from 'vitest';
import { RawBytes } from './raw-bytes.ts';

describe('RawBytes', () => {
  it('gives back exactly the bytes added, in order, across Blob flushes', async () => {
    const raw = new RawBytes(4 * 1024 * 1024);
    const expected: number[] = [];
    // ~9 MB in uneven chunks: at least two flushes into Blobs and a tail of chunks.
    for (let i = 0; i < 70; i++) {
      const chunk = new Uint8Array(100_000 + i * 997);
      for (let j = 0; j < chunk.length; j += 4099) chunk[j] = (i + j) % 251;
      raw.add(chunk);
      expected.push(chunk.length, chunk[0] ?? 0, chunk[chunk.length - 1] ?? 0);
    }
    const blob = raw.blob('text/csv');
    expect(blob.type).toBe('text/csv');
    expect(blob.size).toBe(raw.bytes);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let at = 0;
    for (let k = 0; k < expected.length; k += 3) {
      const len = expected[k] ?? 0;
      expect([bytes[at], bytes[at + len - 1]]).toEqual([expected[k + 1], expected[k + 2]]);
      at += len;
    }
    expect(at).toBe(bytes.length);
    // Asking again (a second download) gives the same bytes plus anything added since.
    raw.add(new Uint8Array([7, 8]));
    expect(raw.blob('text/csv').size).toBe(bytes.length + 2);
  });
});
