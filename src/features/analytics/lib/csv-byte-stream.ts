/**
 * Network bytes into the CSV parser without decoding most of them: once the header is read and
 * no record is open, stretches of complete lines without a double quote go to the sink as bytes
 * (`ByteSink.appendLineBytes`: the report store hashes each cell's UTF-8 bytes where they lie and
 * decodes only values it has not seen). Everything else (the header, a record holding quotes,
 * the last line, text after papaparse read a record otherwise than the quote count says) is
 * decoded and goes through `CsvChunkParser` as text, which keeps its results. Line endings are
 * ASCII and never inside a UTF-8 sequence, so cutting the bytes after one cuts the text there too.
 * Results do not depend on where the network cut the bytes (`csv-byte-stream.test.ts` checks them
 * against the text parser's for every cut).
 */
import type { LineStats, Newline } from './csv-store.ts';
import type { CsvChunkParser, RowSink } from './csv-stream.ts';

/** A row sink that also reads quote-free lines from bytes. */
export interface ByteSink extends RowSink {
  appendLineBytes(bytes: Uint8Array, from: number, to: number, newline: Newline): LineStats;
}

const QUOTE = 34;
const LF = 10;
const CR = 13;
/** A partial line carried over longer than this goes to the text parser (no newline in sight). */
const MAX_CARRY = 1 << 20;
const EMPTY = new Uint8Array(0);
/** Lines given to the text parser one at a time while looking for the header's end. */
const HEADER_LINES = 8;

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a);
  out.set(b, a.byteLength);
  return out;
}

/** Occurrences of `byte` in `bytes[from, to)`. */
function countByte(bytes: Uint8Array, byte: number, from: number, to: number): number {
  let n = 0;
  for (let i = bytes.indexOf(byte, from); i !== -1 && i < to; i = bytes.indexOf(byte, i + 1)) n++;
  return n;
}

/** Where the line ending that ends at or before `limit - 1` and at or after `from` stops; -1 if none. */
function lastLineEnd(bytes: Uint8Array, from: number, limit: number, newline: Newline): number {
  if (limit <= from) return -1;
  if (newline === '\r') {
    const i = bytes.lastIndexOf(CR, limit - 1);
    return i >= from ? i + 1 : -1;
  }
  for (let i = bytes.lastIndexOf(LF, limit - 1); i >= from; i = bytes.lastIndexOf(LF, i - 1)) {
    if (newline === '\n') return i + 1;
    if (i > from && bytes[i - 1] === CR) return i + 1;
    if (i === 0) break;
  }
  return -1;
}

/**
 * Where the record that starts at `from` and holds a double quote ends in `bytes[from, to)`: after
 * the first line ending met with an even number of quotes since `from`; -1 when `to` comes first
 * (the byte form of `quotedRecordEnd`).
 */
function quotedRecordEnd(bytes: Uint8Array, from: number, to: number, newline: Newline): number {
  let inQuotes = false;
  const last = newline === '\r' ? CR : LF;
  for (let i = from; i < to; i++) {
    const b = bytes[i]!;
    if (b === QUOTE) inQuotes = !inQuotes;
    else if (b === last && !inQuotes && (newline !== '\r\n' || (i > from && bytes[i - 1] === CR)))
      return i + 1;
  }
  return -1;
}

export class CsvByteStream {
  /** The end of the last line received, not yet complete (bytes mode only). */
  private carry: Uint8Array = EMPTY;
  /** Decodes what goes to the text parser; clean after each piece that ends with a line ending. */
  private readonly decoder = new TextDecoder('utf-8');
  /** The decoder holds no partial character (the last text piece ended with a line ending). */
  private decoderClean = true;
  private headerLines = 0;

  constructor(
    private readonly parser: CsvChunkParser,
    private readonly sink: ByteSink,
  ) {}

  /** Feeds the next bytes of the body. */
  push(chunk: Uint8Array): void {
    if (chunk.byteLength === 0) return;
    if (this.carry.byteLength) {
      const carried = this.carry;
      this.carry = EMPTY;
      const newline = this.parser.lineEnding ?? '\n';
      const e = chunk.indexOf(newline === '\r' ? CR : LF);
      if (e === -1) {
        this.hold(concat(carried, chunk));
        return;
      }
      // The carried line and the chunk's first line, joined; the rest is read in place.
      const head = concat(carried, chunk.subarray(0, e + 1));
      const done = this.bytes(head, 0);
      const rest = chunk.subarray(e + 1);
      if (done < head.byteLength) {
        // A record runs on past the first line (quotes) or the text parser took over.
        this.route(concat(head.subarray(done), rest));
        return;
      }
      this.route(rest);
      return;
    }
    this.route(chunk);
  }

  /** No more bytes: the carried line and the decoder's rest go to the text parser, which ends. */
  end(): void {
    const carried = this.carry;
    this.carry = EMPTY;
    if (carried.byteLength) this.text(carried);
    this.parser.pushTo(this.decoder.decode(), true, this.sink);
  }

  /** Bytes mode when the parser allows it, else text up to the last line ending. */
  private route(bytes: Uint8Array): void {
    if (bytes.byteLength === 0) return;
    let from = 0;
    // Before the header is read: a line at a time (a few times), so the bytes after it are read
    // as bytes.
    while (!this.parser.header && this.headerLines < HEADER_LINES && from < bytes.byteLength) {
      const lf = bytes.indexOf(LF, from);
      const end = (lf !== -1 ? lf : bytes.indexOf(CR, from)) + 1;
      if (end === 0) break;
      this.headerLines++;
      this.text(bytes.subarray(from, end));
      from = end;
    }
    if (from === bytes.byteLength) return;
    if (!this.bytesMode()) {
      // Text up to the last line ending (the decoder is then clean), and the rest by mode.
      const cut = Math.max(bytes.lastIndexOf(LF), bytes.lastIndexOf(CR)) + 1;
      if (cut <= from) {
        this.text(bytes.subarray(from));
        return;
      }
      this.text(bytes.subarray(from, cut));
      from = cut;
      if (from === bytes.byteLength) return;
      if (!this.bytesMode()) {
        this.text(bytes.subarray(from));
        return;
      }
    }
    const done = this.bytes(bytes, from);
    if (done === bytes.byteLength) return;
    if (this.bytesMode()) this.hold(bytes.slice(done));
    else this.text(bytes.subarray(done));
  }

  private bytesMode(): boolean {
    return this.decoderClean && this.parser.atRecordStart;
  }

  /** Carries an unfinished line over; one without an end in sight goes to the text parser. */
  private hold(bytes: Uint8Array): void {
    if (bytes.byteLength > MAX_CARRY) this.text(bytes);
    else this.carry = bytes;
  }

  private text(bytes: Uint8Array): void {
    const last = bytes[bytes.byteLength - 1];
    this.decoderClean = last === LF || last === CR;
    this.parser.pushTo(this.decoder.decode(bytes, { stream: true }), false, this.sink);
  }

  /**
   * Reads complete records from `bytes[pos, …)` in bytes mode: quote-free stretches to the sink,
   * each record holding quotes to the text parser. Returns where it stopped: at an unfinished
   * record, or where the text parser took over (it holds part of a record).
   */
  private bytes(bytes: Uint8Array, pos: number): number {
    const to = bytes.byteLength;
    const newline = this.parser.lineEnding ?? '\n';
    const lineChar = newline === '\r' ? CR : LF;
    for (;;) {
      const q = bytes.indexOf(QUOTE, pos);
      const limit = q === -1 ? to : q;
      const end = lastLineEnd(bytes, pos, limit, newline);
      if (end > pos) {
        const s = this.sink.appendLineBytes(bytes, pos, end, newline);
        const breaks = s.breaks ?? countByte(bytes, lineChar, pos, end);
        this.parser.countRead(s, breaks, s.first ? countByte(bytes, lineChar, pos, s.first.at) : 0);
        pos = end;
      }
      if (q === -1) return pos;
      const recordEnd = quotedRecordEnd(bytes, pos, to, newline);
      if (recordEnd === -1) return pos;
      this.text(bytes.subarray(pos, recordEnd));
      pos = recordEnd;
      if (!this.bytesMode()) return pos;
    }
  }
}
