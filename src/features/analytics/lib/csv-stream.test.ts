import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvChunkParser, detectNewline, quotedRecordEnd, type RowSink } from './csv-stream.ts';
import { ReportStore } from './csv-store.ts';

function parseChunks(chunks: string[]) {
  const p = new CsvChunkParser();
  const rows: string[][] = [];
  for (const c of chunks) rows.push(...p.push(c));
  rows.push(...p.end());
  return { header: p.header, rows, ragged: { ...p.ragged }, quotes: structuredClone(p.quotes) };
}

function splitAt(text: string, cuts: number[]): string[] {
  const sorted = [...new Set(cuts.map((c) => Math.max(0, Math.min(text.length, c))))].sort(
    (a, b) => a - b,
  );
  const out: string[] = [];
  let prev = 0;
  for (const c of sorted) {
    out.push(text.slice(prev, c));
    prev = c;
  }
  out.push(text.slice(prev));
  return out;
}

const TEXTURE =
  '\ufeffInstance user ID,User Email,Username,Searches\r\n' +
  '1,"a@x.com","Zoë ""the, dev""",3\r\n' +
  '2,b@x.com,"multi\r\nline, name",\r\n' +
  '3,,"",1200.5\r\n' +
  '4,"d@x.com","日本語",7';

describe('CsvChunkParser', () => {
  const whole = parseChunks([TEXTURE]);

  it('parses quotes, escaped quotes, embedded CRLF, BOM, empty cells and a missing final newline', () => {
    expect(whole.header).toEqual(['Instance user ID', 'User Email', 'Username', 'Searches']);
    expect(whole.rows).toEqual([
      ['1', 'a@x.com', 'Zoë "the, dev"', '3'],
      ['2', 'b@x.com', 'multi\r\nline, name', ''],
      ['3', '', '', '1200.5'],
      ['4', 'd@x.com', '日本語', '7'],
    ]);
    expect(whole.ragged.count).toBe(0);
  });

  it('gives identical rows for every single cut position', () => {
    for (let i = 0; i <= TEXTURE.length; i++) {
      expect(parseChunks(splitAt(TEXTURE, [i]))).toEqual(whole);
    }
  });

  it('gives identical rows for one-character chunks', () => {
    expect(parseChunks(TEXTURE.split(''))).toEqual(whole);
  });

  it('gives identical rows for random multi-cut chunkings (LF and CRLF, ragged rows)', () => {
    const lf = TEXTURE.replace(/\r\n/g, '\n') + '\n5,e\n6,"x\ny",z,w,extra\n';
    const expected = parseChunks([lf]);
    expect(expected.ragged).toEqual({ count: 2, firstLine: 7, firstRow: 5, firstFieldCount: 2 });
    fc.assert(
      fc.property(fc.array(fc.nat(lf.length), { maxLength: 12 }), (cuts) => {
        expect(parseChunks(splitAt(lf, cuts))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.array(fc.nat(TEXTURE.length), { maxLength: 12 }), (cuts) => {
        expect(parseChunks(splitAt(TEXTURE, cuts))).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['empty body', [''], undefined, 0],
    ['header only with newline', ['a,b\r\n'], ['a', 'b'], 0],
    ['header only without newline', ['a,', 'b'], ['a', 'b'], 0],
    ['blank lines skipped', ['a,b\n\n1,2\n\n'], ['a', 'b'], 1],
  ])('%s', (_name, chunks, header, count) => {
    const r = parseChunks(chunks);
    expect(r.header).toEqual(header);
    expect(r.rows.length).toBe(count);
  });

  it('reports the first ragged line counting embedded newlines', () => {
    const r = parseChunks(['h1,h2\n', '"a\nb",1\n', 'c,2,3\n', 'd\n']);
    expect(r.rows.length).toBe(3);
    expect(r.ragged).toEqual({ count: 2, firstLine: 4, firstRow: 2, firstFieldCount: 3 });
  });

  it('flags an unterminated quote at the end, on its line', () => {
    expect(parseChunks(['a,b\n1,"open']).quotes.MissingQuotes).toEqual({
      count: 1,
      firstLine: 2,
      lastLine: 2,
    });
  });

  // Issue 31: papaparse reads `"a"b,1` on to the next quote that closes a cell (a comma or the
  // line's end after it), so lines 3 and 4 are one row; it says InvalidQuotes, and so must we.
  it('reports the malformed quote that made one row of two lines', () => {
    const text = 'id,name,n\n0,z,0\n1,"a"b,1\n2,"d",2\n3,c,3\n';
    const whole = parseChunks([text]);
    expect(whole.rows).toEqual([
      ['0', 'z', '0'],
      ['1', 'a"b,1\n2,"d', '2'],
      ['3', 'c', '3'],
    ]);
    expect(whole.quotes).toEqual({
      InvalidQuotes: { count: 1, firstLine: 3, lastLine: 4 },
      MissingQuotes: { count: 0 },
    });
    for (let cut = 0; cut <= text.length; cut++)
      expect(parseChunks(splitAt(text, [cut]))).toEqual(whole);
  });
});

describe('detectNewline', () => {
  it.each([
    ['a,b\r\nc', '\r\n'],
    ['a,b\nc', '\n'],
    ['a,b\rc', '\r'],
    ['"a\nb",c\r\n', '\r\n'],
    ['a,b\r', undefined],
    ['a,b', undefined],
  ])('%j → %j', (text, nl) => expect(detectNewline(text)).toBe(nl));
});

describe('CsvChunkParser.pushTo: quote-free lines taken in place', () => {
  /** A sink that records what went which way, storing rows like the report store does. */
  function spySink() {
    const rows: string[][] = [];
    const fast: string[] = [];
    const sink: RowSink = {
      append: (r) => void rows.push(...r),
      appendLines(text, from, to, newline) {
        const block = text.substring(from, to);
        fast.push(block);
        const lines = block.slice(0, -newline.length).split(newline);
        for (const l of lines) rows.push(l.split(','));
        return { lines: lines.length, rows: lines.length, ragged: 0 };
      },
    };
    return { sink, rows, fast };
  }

  it('sends a record with quotes (commas and a line break inside) through papaparse', () => {
    const p = new CsvChunkParser();
    const { sink, rows, fast } = spySink();
    p.pushTo('id,name,n\r\n', false, sink);
    p.pushTo('1,ann,3\r\n2,"Zoë ""the, dev""\r\nsecond line",4\r\n3,bob,5\r\n4,cy', false, sink);
    p.pushTo(',6\r\n', false, sink);
    p.pushTo('', true, sink);
    expect(rows).toEqual([
      ['1', 'ann', '3'],
      ['2', 'Zoë "the, dev"\r\nsecond line', '4'],
      ['3', 'bob', '5'],
      ['4', 'cy', '6'],
    ]);
    expect(fast.length).toBeGreaterThan(0);
    for (const block of fast) expect(block).not.toContain('"');
    expect(p.rowCount).toBe(4);
  });

  it('leaves malformed quotes to papaparse and counts lines across both ways', () => {
    const text = 'a,b\n1,2\nx"y,3\n4,5\n"open,6\n7,8\n';
    const p = new CsvChunkParser();
    const { sink, rows, fast } = spySink();
    p.pushTo(text.slice(0, 4), false, sink);
    p.pushTo(text.slice(4), false, sink);
    p.pushTo('', true, sink);
    expect(rows).toEqual(parseChunks([text]).rows);
    for (const block of fast) expect(block).not.toContain('"');
  });

  it('locates the first ragged row in a quote-free stretch by its line in the file', () => {
    const text = 'a,b\n"q\nq",1\n2,3\n\n4\n5,6\n';
    const p = new CsvChunkParser();
    const store = new ReportStore(['a', 'b']);
    const sink: RowSink = {
      append: (r) => store.append(r),
      appendLines: (t, from, to, nl) => store.appendLines(t, from, to, nl),
    };
    p.pushTo(text.slice(0, 4), false, sink);
    p.pushTo(text.slice(4), false, sink);
    p.pushTo('', true, sink);
    const whole = parseChunks([text]);
    expect(p.ragged).toEqual(whole.ragged);
    expect(p.ragged).toEqual({ count: 1, firstLine: 6, firstRow: 3, firstFieldCount: 1 });
    expect(store.window(0, 10).rows).toEqual(whole.rows.map((r) => [r[0] ?? '', r[1] ?? '']));
  });
});

describe('CsvChunkParser: physical lines in quote-free stretches', () => {
  it('counts a lone LF inside a CRLF file as a line when locating a ragged row', () => {
    // Found by the property test: the LF is a field's text, yet a line of the file.
    const text = '\r\n\n\r\n,';
    const whole = parseChunks([text]);
    expect(whole.ragged).toEqual({ count: 1, firstLine: 4, firstRow: 2, firstFieldCount: 2 });
    for (let cut = 0; cut <= text.length; cut++)
      expect(parseChunks([text.slice(0, cut), text.slice(cut)]).ragged).toEqual(whole.ragged);
  });
});

describe('quotedRecordEnd', () => {
  it('ends after the first line ending outside quotes', () => {
    const t = '1,"a\nb",2\n3,4\n';
    expect(quotedRecordEnd(t, 0, '\n')).toBe(t.indexOf('3'));
    expect(quotedRecordEnd('1,"a""b",2\r\nz', 0, '\r\n')).toBe(12);
    expect(quotedRecordEnd('1,"open\n2,3\n', 0, '\n')).toBe(-1);
  });
});
