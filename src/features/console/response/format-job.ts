/**
 * The response worker's reading of one body. JSON is pretty-printed while it streams
 * (json-stream-printer.ts); a body that is not JSON (HTML, plain text, a relay error, 429), or
 * JSON that turns out invalid part-way, is classified whole by src/shared/api/classify-graphql.ts exactly as before; in
 * the second case `restart` tells the main thread to drop what it showed.
 */
import { splitIntoChunks } from './chunks.ts';
import {
  classifyJsonFacts,
  classifyResponse,
  type ClassifiedResponse,
} from '../../../shared/api/classify-graphql.ts';
import { HEAD_CHARS, streamsAsJson, type ResponseMeta } from '../../../shared/api/classify-http.ts';
import { JsonStreamPrinter } from './json-stream-printer.ts';

/** To the main thread. */
export type FormatReply =
  | { id: number; type: 'chunk'; text: string }
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
const CHUNK = 256 * 1024;

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
  private out: string[] = [];
  private outLength = 0;
  private sent = 0;

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

  private flush(all: boolean): void {
    const t = this.printer.take();
    if (t) {
      this.out.push(t);
      this.outLength += t.length;
    }
    if (this.outLength === 0 || (!all && this.sent > 0 && this.outLength < CHUNK)) return;
    this.post({ id: this.id, type: 'chunk', text: this.out.join('') });
    this.sent++;
    this.out = [];
    this.outLength = 0;
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
    for (const chunk of splitIntoChunks(result.display, CHUNK))
      this.post({ id: this.id, type: 'chunk', text: chunk });
    return { ...result, display: '' };
  }
}
