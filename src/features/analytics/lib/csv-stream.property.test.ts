/**
 * Property tests for streaming CSV parsing (issue 7, hardening): for any table of arbitrary
 * fields (quotes, commas, CR/LF, unicode) written as RFC 4180 text, the parser gives back exactly
 * that table, whatever the chunk boundaries of the stream.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvChunkParser } from './csv-stream.ts';

type Newline = '\r\n' | '\n' | '\r';

/** Field text: mostly the awkward characters, plus any unicode (astral included). */
const field = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }), weight: 2 },
  {
    arbitrary: fc
      .array(
        fc.constantFrom(
          'a',
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
          "'",
          '<img src=x onerror=alert(1)>',
          '=',
        ),
        {
          maxLength: 6,
        },
      )
      .map((p) => p.join('')),
    weight: 3,
  },
);

/** RFC 4180 writing: a field is quoted when it must be (or, sometimes, when it need not be). */
function writeField(f: string, forceQuote: boolean): string {
  return forceQuote || /[",\r\n]/.test(f) || f.length === 0 ? `"${f.replace(/"/g, '""')}"` : f;
}

interface Table {
  header: string[];
  rows: string[][];
  newline: Newline;
  finalNewline: boolean;
  bom: boolean;
  quoteAll: boolean;
}

const table: fc.Arbitrary<Table> = fc.integer({ min: 1, max: 5 }).chain((width) =>
  fc.record({
    header: fc.array(field, { minLength: width, maxLength: width }),
    rows: fc.array(
      fc.oneof(
        { arbitrary: fc.array(field, { minLength: width, maxLength: width }), weight: 8 },
        // Ragged rows are kept and counted, never dropped.
        // (Not a lone empty field: `""` alone reads like a blank line, which is skipped.)
        {
          arbitrary: fc
            .array(field, { minLength: 1, maxLength: width + 2 })
            .filter((r) => r.length > 1 || r[0] !== '' || width === 1),
          weight: 1,
        },
      ),
      { maxLength: 12 },
    ),
    newline: fc.constantFrom<Newline>('\r\n', '\n', '\r'),
    finalNewline: fc.boolean(),
    bom: fc.boolean(),
    quoteAll: fc.boolean(),
  }),
);

/**
 * Text for a table. Empty fields are always quoted (`""`), so a row is never an empty line,
 * which the parser rightly skips as blank.
 */
function serialize(t: Table): string {
  const line = (r: string[]) => r.map((f) => writeField(f, t.quoteAll)).join(',');
  const text = [t.header, ...t.rows].map(line).join(t.newline) + (t.finalNewline ? t.newline : '');
  // A leading U+FEFF is a BOM by definition: a first field starting with one needs a real BOM.
  return (t.bom || text.startsWith('\ufeff') ? '\ufeff' : '') + text;
}

function cut(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let prev = 0;
  for (const c of at) {
    out.push(text.slice(prev, c));
    prev = c;
  }
  out.push(text.slice(prev));
  return out;
}

function run(chunks: string[]) {
  const p = new CsvChunkParser();
  const rows: string[][] = [];
  for (const c of chunks) rows.push(...p.push(c));
  rows.push(...p.end());
  return {
    header: p.header,
    rows,
    rowCount: p.rowCount,
    ragged: { ...p.ragged },
    unterminated: p.unterminatedQuote,
  };
}

describe('CsvChunkParser (properties)', () => {
  it('gives back exactly the written table, whatever the chunk boundaries', () => {
    fc.assert(
      fc.property(table, fc.array(fc.nat(), { maxLength: 20 }), (t, cuts) => {
        const text = serialize(t);
        const got = run(cut(text, cuts));
        expect(got.header).toEqual(t.header);
        expect(got.rows).toEqual(t.rows);
        expect(got.rowCount).toBe(t.rows.length);
        expect(got.unterminated).toBe(false);
        const ragged = t.rows.filter((r) => r.length !== t.header.length);
        expect(got.ragged.count).toBe(ragged.length);
        if (ragged.length > 0) {
          const first = t.rows.findIndex((r) => r.length !== t.header.length);
          expect(got.ragged.firstRow).toBe(first + 1);
          expect(got.ragged.firstFieldCount).toBe(t.rows[first]?.length);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('gives identical results for one-character chunks and for the whole text', () => {
    fc.assert(
      fc.property(table, (t) => {
        const text = serialize(t);
        expect(run(text.split(''))).toEqual(run([text]));
      }),
      { numRuns: 500 },
    );
  });

  it('is chunking-independent on arbitrary (even malformed) text too', () => {
    const noise = fc
      .array(fc.constantFrom('a', ',', '"', '\r', '\n', '\r\n', ' ', 'é', '😀', '""', '\ufeff'), {
        maxLength: 40,
      })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(noise, fc.array(fc.nat(), { maxLength: 10 }), (text, cuts) => {
        expect(run(cut(text, cuts))).toEqual(run([text]));
      }),
      { numRuns: 3000 },
    );
  });

  it('locates the first ragged record on its physical line, whatever the chunking', () => {
    fc.assert(
      fc.property(table, fc.array(fc.nat(), { maxLength: 8 }), (t, cuts) => {
        const first = t.rows.findIndex((r) => r.length !== t.header.length);
        if (first === -1) return;
        const text = serialize(t);
        const lineChar = t.newline === '\r' ? '\r' : '\n';
        const before = serialize({
          ...t,
          rows: t.rows.slice(0, first),
          finalNewline: true,
          bom: false,
        });
        const expectedLine = before.split(lineChar).length;
        expect(run(cut(text, cuts)).ragged.firstLine).toBe(expectedLine);
      }),
      { numRuns: 1000 },
    );
  });
});

// Found by the property above: papaparse reads `""` followed by a bare LF in a CRLF file as a
// value without that LF, and the ragged row's line was counted from the values when the text
// came whole (3), from the raw text when cut (4). The `,` row is on line 4.
it('places a ragged row after a malformed quoted field on its physical line, however cut', () => {
  const text = '\r\n""\n\r\n,\r\n';
  expect(run([text]).ragged.firstLine).toBe(4);
  expect(run(cut(text, [2])).ragged.firstLine).toBe(4);
});

// Found by the same property in CI: in a CR file, `a"` is an unquoted field holding a quote
// (papaparse reads it so), but a scan that took that quote as opening a quoted field ran past
// the next CR and put the ragged `\n",` row on line 4 when the text came whole. Its record starts
// after the second CR: line 3.
it('places a ragged row after an unquoted field holding a quote on its physical line', () => {
  const text = '\ra"\r\n",\r';
  expect(run([text]).ragged.firstLine).toBe(3);
  expect(run(cut(text, [5])).ragged.firstLine).toBe(3);
});
