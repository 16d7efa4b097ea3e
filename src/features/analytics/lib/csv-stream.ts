/**
 * Incremental CSV parsing: decoded text arrives in arbitrary chunks (network reads) and rows come
 * out as soon as they are complete. Built on papaparse's RFC 4180 `Parser`, fed the way its own
 * ChunkStreamer does it (unfinished last row carried over), so quoted fields with commas, quotes
 * or newlines may span chunk boundaries. Results do not depend on where the chunks were cut.
 */
import Papa from 'papaparse';

type Newline = '\r\n' | '\n' | '\r';

interface PapaResult {
  data: string[][];
  errors: { code: string }[];
  meta: { cursor: number };
}

/** Rows whose field count differs from the header's: counted, kept, and the first one located. */
export interface RaggedInfo {
  count: number;
  /** 1-based physical line in the file where the first ragged record starts. */
  firstLine?: number;
  /** 1-based data row number (header excluded) of the first ragged record. */
  firstRow?: number;
  firstFieldCount?: number;
}

/**
 * Finds the line ending used by the text: the first CR/LF outside double quotes. Undefined
 * while none is seen yet (or when a CR ends the text: a LF may follow in the next chunk).
 */
export function detectNewline(text: string): Newline | undefined {
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) inQuotes = !inQuotes;
    else if (!inQuotes && c === 10) return '\n';
    else if (!inQuotes && c === 13) {
      if (i + 1 >= text.length) return undefined;
      return text.charCodeAt(i + 1) === 10 ? '\r\n' : '\r';
    }
  }
  return undefined;
}

function countChar(text: string, ch: string, from = 0, to = text.length): number {
  let n = 0;
  let i = text.indexOf(ch, from);
  while (i !== -1 && i < to) {
    n++;
    i = text.indexOf(ch, i + 1);
  }
  return n;
}

/**
 * Streams CSV text into rows. The first record is the header; `push` and `end` return data rows
 * only. A BOM is stripped, CRLF/LF/CR line endings are detected, blank lines are skipped, and
 * rows with the wrong number of fields are kept and counted in `ragged`.
 */
export class CsvChunkParser {
  header: string[] | undefined;
  /** Data rows emitted so far. */
  rowCount = 0;
  readonly ragged: RaggedInfo = { count: 0 };
  /** True when the text ended inside a quoted field. */
  unterminatedQuote = false;
  private parser: Papa.Parser | undefined;
  private newline: Newline = '\n';
  private pending = '';
  private started = false;
  private finished = false;
  /** Physical lines fully consumed before the pending text. */
  private linesBefore = 0;

  /** Feeds the next piece of decoded text; returns the data rows completed by it. */
  push(text: string): string[][] {
    return this.feed(text, false);
  }

  /** Signals the end of the input; returns the rows still pending (e.g. a last line without newline). */
  end(): string[][] {
    return this.feed('', true);
  }

  private feed(text: string, final: boolean): string[][] {
    if (this.finished) return [];
    if (final) this.finished = true;
    if (!this.started) {
      if (text.length === 0 && !final) return [];
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let aggregate = this.pending + text;
    if (!this.parser) {
      let nl = detectNewline(aggregate);
      // At the end, a CR that ends the text is its only line ending (no LF can follow any more).
      if (!nl && final && detectNewline(aggregate + 'x') === '\r') {
        nl = '\r';
        aggregate = aggregate.slice(0, -1);
      }
      if (!nl && !final) {
        this.pending = aggregate;
        return [];
      }
      this.newline = nl ?? '\n';
      this.parser = new Papa.Parser({ delimiter: ',', newline: this.newline });
    }
    if (aggregate.length === 0) return [];
    const res = this.parser.parse(aggregate, 0, !final) as PapaResult;
    if (final && res.errors.some((e) => e.code === 'MissingQuotes')) this.unterminatedQuote = true;
    const cursor = final ? aggregate.length : res.meta.cursor;
    const lineChar = this.newline === '\r' ? '\r' : '\n';
    const batchStartLine = this.linesBefore + 1;
    this.linesBefore += countChar(aggregate, lineChar, 0, cursor);
    this.pending = final ? '' : aggregate.substring(cursor);
    return this.collect(res.data, batchStartLine, lineChar);
  }

  private collect(data: string[][], startLine: number, lineChar: string): string[][] {
    const out: string[][] = [];
    let i = 0;
    if (!this.header) {
      const [header] = data;
      if (header === undefined) return out;
      this.header = header;
      i = 1;
    }
    const width = this.header.length;
    for (; i < data.length; i++) {
      const row = data[i];
      if (row === undefined) continue;
      if (row.length === 1 && row[0] === '' && width !== 1) continue; // blank line
      this.rowCount++;
      if (row.length !== width) {
        this.ragged.count++;
        if (this.ragged.firstLine === undefined) {
          let line = startLine + i;
          for (const earlier of data.slice(0, i))
            for (const field of earlier) line += countChar(field, lineChar);
          this.ragged.firstLine = line;
          this.ragged.firstRow = this.rowCount;
          this.ragged.firstFieldCount = row.length;
        }
      }
      out.push(row);
    }
    return out;
  }
}
