/**
 * The byte path (`CsvByteStream`: quote-free lines read from the bytes into the store) against
 * the text parser over the same text: same header, rows, counts, ragged rows and their lines,
 * whatever the byte cuts (inside a UTF-8 character too) and whatever the text (malformed included).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvByteStream, type ByteSink } from './csv-byte-stream.ts';
import { ReportStore } from './csv-store.ts';
import { CsvChunkParser } from './csv-stream.ts';

const utf8 = new TextEncoder();

/** What the byte path gives for `bytes` cut at `cuts`. */
function viaBytes(bytes: Uint8Array, cuts: number[]) {
  const parser = new CsvChunkParser();
  let store: ReportStore | undefined;
  const s = () => (store ??= new ReportStore(parser.header ?? []));
  const fromBytes: number[] = [];
  const sink: ByteSink = {
    append: (rows) => void (rows.length && s().append(rows)),
    appendLines: (t, from, to, nl) => s().appendLines(t, from, to, nl),
    appendLineBytes: (b, from, to, nl) => {
      fromBytes.push(to - from);
      return s().appendLineBytes(b, from, to, nl);
    },
  };
  const stream = new CsvByteStream(parser, sink);
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let prev = 0;
  for (const c of [...at, bytes.length]) {
    stream.push(bytes.subarray(prev, c));
    prev = c;
  }
  stream.end();
  if (parser.header) s();
  return {
    header: parser.header,
    rows: store ? store.window(0, store.length).rows : [],
    rowCount: parser.rowCount,
    ragged: { ...parser.ragged },
    unterminated: parser.unterminatedQuote,
    fromBytes: fromBytes.reduce((a, b) => a + b, 0),
  };
}

/** What the text parser gives for the decoded text, rows cut or padded to the header's width. */
function viaText(bytes: Uint8Array) {
  const parser = new CsvChunkParser();
  const text = new TextDecoder().decode(bytes);
  const rows = [...parser.push(text), ...parser.end()];
  const width = parser.header?.length ?? 0;
  return {
    header: parser.header,
    rows: rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')),
    rowCount: parser.rowCount,
    ragged: { ...parser.ragged },
    unterminated: parser.unterminatedQuote,
  };
}

const piece = fc.constantFrom(
  'a',
  'bc',
  ',',
  '"',
  '""',
  '\r',
  '\n',
  '\r\n',
  ' ',
  'é',
  '日本',
  '😀',
  '\ufeff',
  '12',
  '0.5',
);

describe('CsvByteStream (properties)', () => {
  it('reads any text as the text parser does, wherever the bytes are cut', () => {
    const text = fc.array(piece, { maxLength: 60 }).map((p) => p.join(''));
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 12 }), (t, cuts) => {
        const bytes = utf8.encode(t);
        const { fromBytes: _, ...got } = viaBytes(bytes, cuts);
        expect(got).toEqual(viaText(bytes));
      }),
      { numRuns: 4000 },
    );
  });

  it('reads well-formed reports mostly from the bytes, with the same rows', () => {
    const cell = fc.oneof(
      { arbitrary: fc.constantFrom('', '7', '0.25', 'vscode', 'zoë', '山田', '😀x'), weight: 6 },
      { arbitrary: fc.constantFrom('"a, b"', '"x\ny"', '"q""q"'), weight: 1 },
    );
    const report = fc.record({
      width: fc.integer({ min: 1, max: 6 }),
      rows: fc.array(fc.array(cell, { minLength: 1, maxLength: 7 }), { maxLength: 40 }),
      newline: fc.constantFrom('\r\n', '\n', '\r'),
      cuts: fc.array(fc.nat(), { maxLength: 12 }),
    });
    fc.assert(
      fc.property(report, ({ width, rows, newline, cuts }) => {
        const header = Array.from({ length: width }, (_, i) => `h${i}`).join(',');
        const lines = rows.map((r) => r.join(',')).filter((l) => l !== '');
        const bytes = utf8.encode([header, ...lines].join(newline) + newline);
        const got = viaBytes(bytes, cuts);
        const { fromBytes, ...rest } = got;
        expect(rest).toEqual(viaText(bytes));
        // Every quote-free line after the header went the byte way (a CR-only file's first CR
        // is read as its line ending only with what follows it, so its next line is text).
        const quoteFree = lines.filter((l) => !l.includes('"'));
        if (
          quoteFree.length === lines.length &&
          lines.length > 0 &&
          newline !== '\r' &&
          cuts.length === 0
        )
          expect(fromBytes).toBe(bytes.length - header.length - newline.length);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('CsvByteStream', () => {
  it('keeps a cell whose bytes are cut inside a character whole', () => {
    const bytes = utf8.encode('name,n\r\nzoë,1\r\n山田太郎,2\r\n😀,3\r\n');
    for (let c = 0; c <= bytes.length; c++) {
      const got = viaBytes(bytes, [c]);
      expect(got.rows).toEqual([
        ['zoë', '1'],
        ['山田太郎', '2'],
        ['😀', '3'],
      ]);
    }
  });

  it('gives invalid UTF-8 the replacement character, as the text parser does', () => {
    const bytes = new Uint8Array([
      ...utf8.encode('a,b\n'),
      0xff,
      0x41,
      0x2c,
      0xc3,
      0x0a,
      ...utf8.encode('x,y\n'),
    ]);
    for (let c = 0; c <= bytes.length; c++) {
      const { fromBytes: _, ...got } = viaBytes(bytes, [c]);
      expect(got).toEqual(viaText(bytes));
    }
    expect(viaText(bytes).rows[0]).toEqual(['\ufffdA', '\ufffd']);
  });

  it('reads a long run without line endings (no quadratic carry) and the line after it', () => {
    const long = 'x'.repeat(3 << 20);
    const bytes = utf8.encode(`a,b\n1,${long}\n2,3\n`);
    const cuts = Array.from({ length: 100 }, (_, i) => 5 + i * 65536);
    const got = viaBytes(bytes, cuts);
    expect(got.rows.map((r) => r[0])).toEqual(['1', '2']);
    expect(got.rows[0]?.[1]).toHaveLength(long.length);
  });
});
