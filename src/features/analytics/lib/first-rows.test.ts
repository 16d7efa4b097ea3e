import { describe, expect, it } from 'vitest';
import { CsvChunkParser } from './csv-stream.ts';
import { firstRowsPieces as cutBytes } from './first-rows.ts';

const utf8 = new TextEncoder();
const text = new TextDecoder();
/** The pieces as text (the function cuts bytes). */
const firstRowsPieces = (s: string, lines: number) =>
  cutBytes(utf8.encode(s), lines).map((b) => text.decode(b));

const csv = (rows: number, nl = '\r\n') =>
  ['a,b', ...Array.from({ length: rows }, (_, i) => `${i},"x${nl}y"`)].join(nl) + nl;

describe('firstRowsPieces', () => {
  it('cuts a piece holding more lines after its first `lines` line endings', () => {
    const text = 'h\r\n1\r\n2\r\n3\r\n';
    expect(firstRowsPieces(text, 2)).toEqual(['h\r\n1\r\n', '2\r\n3\r\n']);
    expect(firstRowsPieces('h\n1\n2', 2)).toEqual(['h\n1\n', '2']);
  });

  it('leaves a piece with no more than `lines` line endings whole', () => {
    expect(firstRowsPieces('h\r\n1\r\n', 2)).toEqual(['h\r\n1\r\n']);
    expect(firstRowsPieces('h\r\n1', 2)).toEqual(['h\r\n1']);
    expect(firstRowsPieces('', 2)).toEqual(['']);
    // Old Mac line endings (CR only) are not cut: the piece is parsed whole, as before.
    expect(firstRowsPieces('h\r1\r2\r3\r', 2)).toEqual(['h\r1\r2\r3\r']);
  });

  it('gives the parser the same rows as the whole piece, quoted line breaks included', () => {
    const text = csv(500);
    const whole = new CsvChunkParser();
    const expected = [...whole.push(text), ...whole.end()];
    for (const lines of [1, 2, 3, 40, 101]) {
      const [first = '', rest] = firstRowsPieces(text, lines);
      expect(rest).toBeDefined();
      const split = new CsvChunkParser();
      const rows = [...split.push(first), ...split.push(rest ?? ''), ...split.end()];
      expect(rows).toEqual(expected);
    }
  });
});
