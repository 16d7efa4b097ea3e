/**
 * The byte path (`CsvByteStream`: quote-free lines read from the bytes into the store) against
 * the text parser over the same text: same header, rows, counts, ragged rows, quote problems and
 * their lines,
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
    quotes: structuredClone(parser.quotes),
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
    quotes: structuredClone(parser.quotes),
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

  it('reports malformed and unterminated quotes on their lines, bytes read around them', () => {
    // Lines 2-4 and 8 are quote-free (read from the bytes); line 5 opens a quoted cell whose
    // `"b` is not a closing quote, so papaparse reads lines 5 and 6 as one row; line 7 has two
    // such quotes in a cell closed on the line; line 9 is never closed.
    const text =
      'id,name,n\r\n1,ann,1\r\n2,bo,2\r\n3,cy,3\r\n4,"a"b,4\r\n5,"d",5\r\n6,"e"v"e",6\r\n7,fay,7\r\n8,"open,8\r\n9,gus,9\r\n';
    const bytes = utf8.encode(text);
    const expected = {
      InvalidQuotes: { count: 2, firstLine: 5, lastLine: 6 },
      MissingQuotes: { count: 1, firstLine: 9, lastLine: 10 },
    };
    for (let a = 0; a <= bytes.length; a++) {
      const got = viaBytes(bytes, [a, (a * 7) % bytes.length]);
      expect(got.quotes).toEqual(expected);
      expect(got.rowCount).toBe(7);
      expect(got.fromBytes).toBeGreaterThan(0);
    }
  });

  it('counts the lines of many byte chunks before a malformed quote', () => {
    const before = Array.from({ length: 30_000 }, (_, i) => `${i},user${i},${i % 7}\n`).join('');
    const text = `id,name,n\n${before}x,"a"b,1\ny,"d",2\n${before}z,"open,3\n`;
    const bytes = utf8.encode(text);
    const cuts = Array.from({ length: 40 }, (_, i) => 7 + i * 65_519);
    const got = viaBytes(bytes, cuts);
    expect(got.fromBytes).toBeGreaterThan(bytes.length * 0.9);
    expect(got.quotes).toEqual({
      InvalidQuotes: { count: 1, firstLine: 30_002, lastLine: 30_003 },
      MissingQuotes: { count: 1, firstLine: 60_004, lastLine: 60_004 },
    });
    expect(got.rowCount).toBe(60_002);
  });
});
