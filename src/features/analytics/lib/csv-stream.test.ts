import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvChunkParser, detectNewline } from './csv-stream.ts';

function parseChunks(chunks: string[]) {
  const p = new CsvChunkParser();
  const rows: string[][] = [];
  for (const c of chunks) rows.push(...p.push(c));
  rows.push(...p.end());
  return { header: p.header, rows, ragged: { ...p.ragged }, unterminated: p.unterminatedQuote };
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

  it('flags an unterminated quote at the end', () => {
    expect(parseChunks(['a,b\n1,"open']).unterminated).toBe(true);
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
