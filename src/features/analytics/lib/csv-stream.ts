/**
 * Incremental CSV parsing: decoded text arrives in arbitrary chunks (network reads) and rows come
 * out as soon as they are complete. Built on papaparse's RFC 4180 `Parser`, fed the way its own
 * ChunkStreamer does it (unfinished last row carried over), so quoted fields with commas, quotes
 * or newlines may span chunk boundaries. Results do not depend on where the chunks were cut.
 * With `pushTo`, complete lines without a double quote skip papaparse and go to the sink as text
 * (`RowSink.appendLines`; the report worker sends most lines to the store as bytes before they
 * are ever decoded, `csv-byte-stream.ts`, and this parser gets the rest); a record with quotes is still
 * papaparse's, and where papaparse would end it differently than the quote count says, the rest
 * of the chunk is papaparse's as before.
 */
import Papa from 'papaparse';
import type { LineStats, Newline } from './csv-store.ts';

interface PapaResult {
  data: string[][];
  /** `row`: the index in `data` of the record the error is in. */
  errors: { code: string; row?: number }[];
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

/** The quote problems papaparse reports (it reads on, so rows may merge). */
export type QuoteCode = 'InvalidQuotes' | 'MissingQuotes';

/** Records papaparse read around one kind of quote problem: counted, and the first one located. */
export interface QuoteProblem {
  count: number;
  /** 1-based physical lines where the first such record starts and where it ends. */
  firstLine?: number;
  lastLine?: number;
}

/**
 * `InvalidQuotes`: a quoted cell holds a quote that is neither doubled nor followed by a comma or
 * the line's end; papaparse keeps it and reads on to the next quote that is, so the cell may run
 * over the next lines, which are then not rows of their own. `MissingQuotes`: the text ends inside
 * a quoted cell (the rest of the file is that cell).
 */
export type QuoteProblems = Record<QuoteCode, QuoteProblem>;

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
 * Where parsed rows go: `append` takes rows papaparse read, `appendLines` complete lines without
 * a double quote (a field is what lies between commas), which a store can read in place.
 */
export interface RowSink {
  append(rows: string[][]): void;
  appendLines(text: string, from: number, to: number, newline: Newline): LineStats;
}

/** Collects rows as arrays of strings (`push` and `end`; tests). */
class RowCollector implements RowSink {
  readonly rows: string[][] = [];
  constructor(private readonly width: number) {}
  append(rows: string[][]): void {
    for (const row of rows) this.rows.push(row);
  }
  appendLines(text: string, from: number, to: number, newline: string): LineStats {
    const stats: LineStats = { lines: 0, rows: 0, ragged: 0 };
    let at = from;
    for (const line of text.substring(from, to - newline.length).split(newline)) {
      stats.lines++;
      const start = at;
      at += line.length + newline.length;
      if (line === '' && this.width !== 1) continue;
      const row = line.split(',');
      if (row.length !== this.width) {
        stats.ragged++;
        stats.first ??= { at: start, row: stats.rows, fields: row.length };
      }
      stats.rows++;
      this.rows.push(row);
    }
    return stats;
  }
}

/**
 * Where the record that starts at `from` and holds a double quote ends: after the first line
 * ending met with an even number of quotes since `from` (RFC 4180: outside a quoted field);
 * -1 when the text ends first. A guess that papaparse confirms (malformed quotes may differ).
 */
export function quotedRecordEnd(text: string, from: number, newline: string): number {
  let inQuotes = false;
  let i = from;
  let n = text.indexOf(newline, i);
  for (;;) {
    if (n === -1) return -1;
    const q = text.indexOf('"', i);
    if (q !== -1 && q < n) {
      inQuotes = !inQuotes;
      i = q + 1;
      continue;
    }
    if (!inQuotes) return n + newline.length;
    i = n + newline.length;
    n = text.indexOf(newline, i);
  }
}

/**
 * Streams CSV text into rows. The first record is the header; `push` and `end` return data rows
 * only. A BOM is stripped, CRLF/LF/CR line endings are detected, blank lines are skipped, and
 * rows with the wrong number of fields are kept and counted in `ragged`. Malformed and
 * unterminated quotes are read as papaparse reads them (on to the next closing quote, over line
 * ends) and counted in `quotes`, each kind's first record located by its physical lines.
 */
export class CsvChunkParser {
  header: string[] | undefined;
  /** Data rows emitted so far. */
  rowCount = 0;
  readonly ragged: RaggedInfo = { count: 0 };
  readonly quotes: QuoteProblems = { InvalidQuotes: { count: 0 }, MissingQuotes: { count: 0 } };
  private parser: Papa.Parser | undefined;
  private newline: Newline = '\n';
  private pending = '';
  private started = false;
  private finished = false;
  /** Physical lines fully consumed before the pending text. */
  private linesBefore = 0;

  /** Feeds the next piece of decoded text; returns the data rows completed by it. */
  push(text: string): string[][] {
    const rows = new RowCollector(this.header?.length ?? 0);
    this.feed(text, false, rows);
    return rows.rows;
  }

  /** Signals the end of the input; returns the rows still pending (e.g. a last line without newline). */
  end(): string[][] {
    const rows = new RowCollector(this.header?.length ?? 0);
    this.feed('', true, rows);
    return rows.rows;
  }

  /**
   * Feeds the next piece of decoded text into `sink` (`final`: the input ends with it). Once
   * the header is known, complete lines without a double quote go to `sink.appendLines` (as
   * papaparse's fast mode reads them); a record with quotes goes through papaparse.
   */
  pushTo(text: string, final: boolean, sink: RowSink): void {
    this.feed(text, final, sink);
  }

  private feed(text: string, final: boolean, sink: RowSink): void {
    if (this.finished) return;
    if (final) this.finished = true;
    if (!this.started) {
      if (text.length === 0 && !final) return;
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
        return;
      }
      this.newline = nl ?? '\n';
      this.parser = new Papa.Parser({ delimiter: ',', newline: this.newline });
    }
    if (aggregate.length === 0) return;
    // The last call goes through papaparse whole (its last line has no line ending to look for).
    const from = this.header && !final ? this.fastLines(aggregate, sink) : 0;
    const rest = from === 0 ? aggregate : aggregate.substring(from);
    if (rest.length === 0) {
      this.pending = '';
      return;
    }
    const res = this.parser.parse(rest, 0, !final) as PapaResult;
    const cursor = final ? rest.length : res.meta.cursor;
    const batchStartLine = this.linesBefore + 1;
    this.linesBefore += countChar(rest, this.lineChar(), 0, cursor);
    this.pending = final ? '' : rest.substring(cursor);
    sink.append(this.collect(res, batchStartLine, rest));
  }

  /** The line ending, once the parser has seen one (the header's). */
  get lineEnding(): Newline | undefined {
    return this.parser ? this.newline : undefined;
  }

  /** True when the next text starts a record: the header is read and no partial record is held. */
  get atRecordStart(): boolean {
    return this.header !== undefined && this.pending === '' && !this.finished;
  }

  /**
   * Counts lines a sink read without this parser (`appendLineBytes`, `csv-byte-stream.ts`):
   * `breaks` physical lines in all, `breaksBeforeFirst` of them before the first ragged row.
   */
  countRead(s: LineStats, breaks: number, breaksBeforeFirst: number): void {
    if (s.first && this.ragged.firstLine === undefined) {
      this.ragged.firstLine = this.linesBefore + 1 + breaksBeforeFirst;
      this.ragged.firstRow = this.rowCount + s.first.row + 1;
      this.ragged.firstFieldCount = s.first.fields;
    }
    this.ragged.count += s.ragged;
    this.rowCount += s.rows;
    this.linesBefore += breaks;
  }

  private lineChar(): string {
    return this.newline === '\r' ? '\r' : '\n';
  }

  /**
   * Takes the complete records at the start of `text` the quick way: stretches of lines without
   * a double quote to `sink.appendLines`, each record holding quotes to papaparse on its own,
   * until papaparse would read a record's end differently. Returns where it stopped.
   */
  private fastLines(text: string, sink: RowSink): number {
    const nl = this.newline;
    let pos = 0;
    for (;;) {
      const q = text.indexOf('"', pos);
      const limit = q === -1 ? text.length : q;
      const last = limit > pos ? text.lastIndexOf(nl, limit - 1) : -1;
      if (last >= pos) {
        const end = last + nl.length;
        this.count(sink.appendLines(text, pos, end, nl), text, pos, end);
        pos = end;
      }
      if (q === -1) return pos;
      const end = quotedRecordEnd(text, pos, nl);
      if (end === -1 || !this.parser) return pos;
      const piece = text.substring(pos, end);
      const res = this.parser.parse(piece, 0, true) as PapaResult;
      if (res.meta.cursor !== piece.length) return pos;
      const startLine = this.linesBefore + 1;
      this.linesBefore += countChar(piece, this.lineChar());
      sink.append(this.collect(res, startLine, piece));
      pos = end;
    }
  }

  /**
   * Counts what `appendLines` read from `text[from, to)`: rows, ragged rows, and physical lines
   * (a lone CR or LF inside a field counts, as in `collect`).
   */
  private count(s: LineStats, text: string, from: number, to: number): void {
    const lineChar = this.lineChar();
    this.countRead(
      s,
      countChar(text, lineChar, from, to),
      s.first ? countChar(text, lineChar, from, s.first.at) : 0,
    );
  }

  /**
   * The physical lines where record `i` of the records papaparse read from `raw` starts and ends,
   * `raw` starting at line `startLine`. Counted in `raw` between where papaparse's own rows
   * `i - 1` and `i` ended (its step cursor, read again up to this record): papaparse's values for
   * malformed quotes may drop the line breaks they spanned, and a scan of quotes by other rules
   * than papaparse's (a quote inside an unquoted field is a character) puts records elsewhere.
   */
  private recordLines(i: number, startLine: number, raw: string): { first: number; last: number } {
    let from = 0;
    let to = raw.length;
    let rows = 0;
    const parser = new Papa.Parser({
      delimiter: ',',
      newline: this.newline,
      step: (res: PapaResult) => {
        rows++;
        if (rows === i) from = res.meta.cursor;
        if (rows === i + 1) {
          to = res.meta.cursor;
          parser.abort();
        }
      },
    });
    parser.parse(raw, 0, false);
    const lineChar = this.lineChar();
    const first = startLine + countChar(raw, lineChar, 0, from);
    // The record's own line ending (when it has one) ends its last line.
    const breaks = countChar(raw, lineChar, from, to) - (raw.charAt(to - 1) === lineChar ? 1 : 0);
    return { first, last: first + Math.max(0, breaks) };
  }

  private collect(res: PapaResult, startLine: number, raw: string): string[][] {
    const data = res.data;
    if (res.errors.length) this.noteQuotes(res, startLine, raw);
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
          this.ragged.firstLine = this.recordLines(i, startLine, raw).first;
          this.ragged.firstRow = this.rowCount;
          this.ragged.firstFieldCount = row.length;
        }
      }
      out.push(row);
    }
    return out;
  }

  /**
   * Counts the records of `res` (read from `raw`, from line `startLine`) that papaparse reported
   * a quote problem in, once per record and kind, and locates the first of each kind. Only
   * records `res.data` holds: errors in a last record left for the next text come again then.
   */
  private noteQuotes(res: PapaResult, startLine: number, raw: string): void {
    const seen = new Set<string>();
    for (const e of res.errors) {
      if (e.code !== 'InvalidQuotes' && e.code !== 'MissingQuotes') continue;
      const row = e.row;
      if (row === undefined || row >= res.data.length || seen.has(`${e.code}:${row}`)) continue;
      seen.add(`${e.code}:${row}`);
      const problem = this.quotes[e.code];
      problem.count++;
      if (problem.firstLine === undefined) {
        const lines = this.recordLines(row, startLine, raw);
        problem.firstLine = lines.first;
        problem.lastLine = lines.last;
      }
    }
  }
}
