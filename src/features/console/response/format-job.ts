/**
 * The response worker's reading of one body. JSON is pretty-printed while it streams
 * (json-stream-printer.ts); a body that is not JSON (HTML, plain text, a relay error, 429), or
 * JSON that turns out invalid part-way, is classified whole by `classifyResponse`
 * (src/shared/api/classify-graphql.ts), as a body read whole would be; in the second case
 * `restart` tells the main thread to drop what it showed.
 */
import {
  classifyJsonFacts,
  classifyResponse,
  type ClassifiedResponse,
} from '../../../shared/api/classify-graphql.ts';
import { HEAD_CHARS, streamsAsJson, type ResponseMeta } from '../../../shared/api/classify-http.ts';
import { JsonStreamPrinter } from './json-stream-printer.ts';
import { LineEncoder, type EncodedLines } from './line-codec.ts';

/** To the main thread. */
export type FormatReply =
  /** The next whole lines of the display text (line-codec.ts). */
  | { id: number; type: 'lines'; lines: EncodedLines }
  | { id: number; type: 'restart' }
  | {
      id: number;
      type: 'end';
      result: ClassifiedResponse;
      size: number;
      /** performance.timeOrigin + performance.now() when the last byte arrived. */
      receivedAt: number;
    }
  | { id: number; type: 'error'; error: string };

/** Display characters per message, at most (plus one line). */
const CHUNK = 64 * 1024;

/**
 * The first message goes as soon as this many lines exist (a screenful and more): until then
 * the text is printed in slices of FIRST_SLICE characters, so a big first piece of the body
 * does not hold them back. At the end of any piece the lines so far go anyway.
 */
const FIRST_LINES = 60;
const FIRST_SLICE = 2048;

/** Line breaks as CodeMirror reads them when a document is made from a string. */
const LINE_BREAK = /\r\n?|\n/;

/**
 * One response body being read: fed bytes as they arrive, it posts display text as soon as it
 * exists and, after `finish`, the classification. Runs in the response worker (format.worker.ts).
 */
export class FormatJob {
  private decoder = new TextDecoder();
  private mode: 'undecided' | 'json' | 'whole' = 'undecided';
  private head = '';
  private printer = new JsonStreamPrinter();
  /** The body as received, kept for a body classified whole (or JSON that fails). */
  private raw: Uint8Array[] = [];
  private size = 0;
  /** Whole lines printed and not sent yet, and their characters (with line breaks). */
  private batch: string[] = [];
  private batchChars = 0;
  private sent = 0;
  private encoder = new LineEncoder();

  constructor(
    readonly id: number,
    private meta: ResponseMeta,
    private post: (m: FormatReply) => void,
  ) {}

  feed(bytes: Uint8Array): void {
    this.raw.push(bytes);
    this.size += bytes.byteLength;
    this.text(this.decoder.decode(bytes, { stream: true }));
  }

  finish(): void {
    this.text(this.decoder.decode());
    const receivedAt = performance.timeOrigin + performance.now();
    if (this.mode === 'undecided') this.decide();
    let result: ClassifiedResponse;
    if (this.mode === 'json') {
      this.printer.end();
      if (!this.printer.failed) {
        this.flush('all');
        result = classifyJsonFacts(this.meta, '', this.printer.facts());
      } else {
        if (this.sent > 0) this.post({ id: this.id, type: 'restart' });
        this.sent = 0;
        this.batch = [];
        this.batchChars = 0;
        this.encoder = new LineEncoder();
        result = this.whole();
      }
    } else result = this.whole();
    this.raw = [];
    this.post({ id: this.id, type: 'end', result, size: this.size, receivedAt });
  }

  private text(t: string): void {
    if (this.mode === 'undecided') {
      this.head += t;
      if (this.head.trimStart().length >= HEAD_CHARS) this.decide();
      return;
    }
    if (this.mode === 'json' && !this.printer.failed) {
      let at = 0;
      while (this.sent === 0 && at < t.length && !this.printer.failed) {
        const end = Math.min(t.length, at + FIRST_SLICE);
        this.printer.write(t.slice(at, end));
        at = end;
        this.flush(this.printer.waitingLines >= FIRST_LINES ? 'piece' : 'slice');
      }
      if (at < t.length) this.printer.write(at === 0 ? t : t.slice(at));
      this.flush('piece');
    }
  }

  private decide(): void {
    this.mode = streamsAsJson(this.meta, this.head) ? 'json' : 'whole';
    const head = this.head;
    this.head = '';
    if (this.mode === 'json') this.text(head);
  }

  /**
   * Sends the whole lines printed so far, CHUNK characters a message: at the end of a piece of
   * the body (`piece`) all that fill a message, and the first lines whatever their number; with
   * `all`, everything, the last line included; with `slice`, nothing yet.
   */
  private flush(when: 'slice' | 'piece' | 'all'): void {
    for (const line of this.printer.takeLines()) {
      this.batch.push(line);
      this.batchChars += line.length + 1;
      if (this.batchChars >= CHUNK) this.sendBatch();
    }
    if (when === 'slice' || this.batch.length === 0) return;
    if (when === 'all' || this.sent === 0) this.sendBatch();
  }

  private sendBatch(): void {
    const lines = this.batch;
    this.batch = [];
    this.batchChars = 0;
    this.send(lines);
  }

  private send(lines: string[]): void {
    this.post({ id: this.id, type: 'lines', lines: this.encoder.encode(lines) });
    this.sent++;
  }

  /** classifyResponse on the whole body, as a body read whole gets it. */
  private whole(): ClassifiedResponse {
    const bytes = new Uint8Array(this.size);
    let at = 0;
    for (const b of this.raw) {
      bytes.set(b, at);
      at += b.byteLength;
    }
    this.raw = [];
    const result = classifyResponse(this.meta, new TextDecoder().decode(bytes));
    if (result.display) {
      const lines = result.display.split(LINE_BREAK);
      for (let from = 0, chars = 0, i = 0; i < lines.length; i++) {
        chars += (lines[i]?.length ?? 0) + 1;
        if (chars < CHUNK && i < lines.length - 1) continue;
        this.send(lines.slice(from, i + 1));
        from = i + 1;
        chars = 0;
      }
    }
    return { ...result, display: '' };
  }
}
