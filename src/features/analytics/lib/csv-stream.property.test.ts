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

/** Lines for rows, written as in `t`. */
function writeRows(rows: string[][], t: Table): string {
  const line = (r: string[]) => r.map((f) => writeField(f, t.quoteAll)).join(',');
  return rows.map(line).join(t.newline) + (t.finalNewline && rows.length ? t.newline : '');
}

/**
 * Text for a table. Empty fields are always quoted (`""`), so a row is never an empty line,
 * which the parser rightly skips as blank.
 */
function serialize(t: Table): string {
  const text = writeRows([t.header, ...t.rows], t);
  // A leading U+FEFF is a BOM by definition: a first field starting with one needs a real BOM.
  return (t.bom || text.startsWith('\ufeff') ? '\ufeff' : '') + text;
}

const NO_QUOTE_PROBLEMS = { InvalidQuotes: { count: 0 }, MissingQuotes: { count: 0 } };

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
    quotes: structuredClone(p.quotes),
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
        expect(got.quotes).toEqual(NO_QUOTE_PROBLEMS);
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

/** Cells without quotes, commas or line breaks (`blank`: maybe only spaces, or empty). */
const plainCell = fc
  .array(fc.constantFrom('a', '7', ' ', 'é', '日本', '😀'), { maxLength: 4 })
  .map((p) => p.join(''));
/** A plain cell with a character that is not a space (papaparse reads `"x"   ,` as closed). */
const solidCell = fc
  .tuple(plainCell, fc.constantFrom('b', '9', 'ü', '😀'), plainCell)
  .map((p) => p.join(''));
const plainLine = fc.array(plainCell, { minLength: 1, maxLength: 4 }).map((c) => c.join(','));

/**
 * A well-formed table around one malformed record: `…,"x"y,…` (a quoted cell whose closing quote
 * is followed by more text; `y` may hold another such quote), `swallowed` quote-free lines, and a line whose quote, followed by a
 * comma or the line's end, closes the cell at last (papaparse's reading); or, `sameLine`, the
 * cell closes on its first line (`"x"yz"`: the stray quote is kept in the cell).
 */
const malformed = table.chain((t) =>
  fc.record({
    t: fc.constant(t),
    split: fc.nat(t.rows.length),
    before: fc.array(plainCell, { maxLength: 2 }),
    x: plainCell,
    // One stray quote or two (an even count of quotes in the record, as the quick path takes it).
    y: fc.array(solidCell, { minLength: 1, maxLength: 2 }).map((c) => c.join('"')),
    after: fc.array(plainCell, { maxLength: 2 }),
    swallowed: fc.array(plainLine, { maxLength: 3 }),
    closing: plainCell,
    tail: fc.array(plainCell, { maxLength: 2 }),
    sameLine: fc.boolean(),
    cuts: fc.array(fc.nat(), { maxLength: 8 }),
  }),
);

describe('CsvChunkParser: quote problems (properties)', () => {
  it('counts and locates a malformed quote (and the lines it merged), whatever the chunking', () => {
    fc.assert(
      fc.property(malformed, (m) => {
        const { t } = m;
        const nl = t.newline;
        const prefix = t.rows.slice(0, m.split);
        const suffix = t.rows.slice(m.split);
        const head = serialize({ ...t, rows: prefix, finalNewline: true });
        // The cell's text between its opening and closing quotes, by line.
        const inside = m.sameLine
          ? [`${m.x}"${m.y}${m.closing}`]
          : [[`${m.x}"${m.y}`, ...m.after].join(','), ...m.swallowed, m.closing];
        const record = [...m.before, `"${inside.join(nl)}"`, ...m.tail].join(',');
        const rest = writeRows(suffix, t);
        const text = head + record + (suffix.length ? nl : '') + rest;
        const lineChar = nl === '\r' ? '\r' : '\n';
        const line = serialize({ ...t, rows: prefix, finalNewline: true, bom: false }).split(
          lineChar,
        ).length;

        const got = run(cut(text, m.cuts));
        expect(got.quotes).toEqual({
          InvalidQuotes: { count: 1, firstLine: line, lastLine: line + inside.length - 1 },
          MissingQuotes: { count: 0 },
        });
        // One row where the file has `inside.length` lines: the cell holds them all.
        expect(got.rowCount).toBe(prefix.length + 1 + suffix.length);
        expect(got.rows[prefix.length]).toEqual([...m.before, inside.join(nl), ...m.tail]);
        expect(got.rows.slice(prefix.length + 1)).toEqual(suffix);
      }),
      { numRuns: 1500 },
    );
  });

  it('locates a quoted cell the file ends in, from its line to the last, whatever the chunking', () => {
    const open = table.chain((t) =>
      fc.record({
        t: fc.constant(t),
        before: fc.array(plainCell, { maxLength: 2 }),
        // Not empty: a record that is only `"` reads as a blank line (no row).
        x: solidCell,
        lines: fc.array(plainLine, { maxLength: 3 }),
        finalNewline: fc.boolean(),
        cuts: fc.array(fc.nat(), { maxLength: 8 }),
      }),
    );
    fc.assert(
      fc.property(open, (o) => {
        const { t } = o;
        const head = serialize({ ...t, finalNewline: true });
        const record = [[...o.before, `"${o.x}`].join(','), ...o.lines];
        const text = head + record.join(t.newline) + (o.finalNewline ? t.newline : '');
        const lineChar = t.newline === '\r' ? '\r' : '\n';
        const line = serialize({ ...t, finalNewline: true, bom: false }).split(lineChar).length;
        // A line ending that ends the text ends its last line (no empty line after it).
        const last = text.endsWith(t.newline) ? text.slice(0, -t.newline.length) : text;
        const got = run(cut(text, o.cuts));
        expect(got.quotes).toEqual({
          InvalidQuotes: { count: 0 },
          MissingQuotes: { count: 1, firstLine: line, lastLine: last.split(lineChar).length },
        });
        expect(got.rowCount).toBe(t.rows.length + 1);
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
