/**
 * The response worker's reading of one body. JSON is pretty-printed while it streams
 * (json-stream-printer.ts); a body that is not JSON (HTML, plain text, a relay error, 429), or
 * JSON that turns out invalid part-way, is classified whole by src/shared/api/classify-graphql.ts exactly as before; in
 * the second case `restart` tells the main thread to drop what it showed.
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

/** Display characters per message once the first lines are out (the first goes at once). */
const CHUNK = 64 * 1024;

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
  /** Printed text not sent yet; it ends with the line in progress. */
  private out: string[] = [];
  private outLength = 0;
  /** `out` holds a line break (so a long line is not joined again for every piece). */
  private outHasBreak = false;
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
        this.flush(true);
        result = classifyJsonFacts(this.meta, '', this.printer.facts());
      } else {
        if (this.sent > 0) this.post({ id: this.id, type: 'restart' });
        this.sent = 0;
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
      this.printer.write(t);
      this.flush(false);
    }
  }

  private decide(): void {
    this.mode = streamsAsJson(this.meta, this.head) ? 'json' : 'whole';
    const head = this.head;
    this.head = '';
    if (this.mode === 'json') this.text(head);
  }

  /**
   * Sends the whole lines printed so far once there are CHUNK characters of them (the first
   * lines at once); with `all`, everything, the last line included.
   */
  private flush(all: boolean): void {
    const t = this.printer.take();
    if (t) {
      this.out.push(t);
      this.outLength += t.length;
      this.outHasBreak ||= t.includes('\n');
    }
    if (!all && (!this.outHasBreak || (this.sent > 0 && this.outLength < CHUNK))) return;
    const text = this.out.join('');
    if (all && text === '' && this.sent === 0) return;
    const cut = all ? text.length : text.lastIndexOf('\n');
    const rest = all ? '' : text.slice(cut + 1);
    this.out = rest ? [rest] : [];
    this.outLength = rest.length;
    this.outHasBreak = false;
    this.send(text.slice(0, cut).split('\n'));
  }

  private send(lines: string[]): void {
    this.post({ id: this.id, type: 'lines', lines: this.encoder.encode(lines) });
    this.sent++;
  }

  /** classifyResponse on the whole body, as before streaming. */
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
