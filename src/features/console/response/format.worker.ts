/// <reference lib="webworker" />
/**
 * Response worker: reads a response body as it arrives (a transferred ReadableStream, or byte
 * chunks posted by format-client.ts), pretty-prints JSON while it streams
 * (json-stream-printer.ts) and classifies it, off the main thread. The main thread gets display
 * text in pieces as soon as they exist, then the classification with `end`.
 *
 * A body that is not JSON (HTML, plain text, a relay error, 429), or JSON that turns out
 * invalid part-way, is classified whole by classify.ts exactly as before; in the second case
 * `restart` tells the main thread to drop what it showed.
 */
import { splitIntoChunks } from './chunks.ts';
import {
  classifyJsonFacts,
  classifyResponse,
  HEAD_CHARS,
  streamsAsJson,
  type ClassifiedResponse,
  type ResponseMeta,
} from './classify.ts';
import { JsonStreamPrinter } from './json-stream-printer.ts';

/** From the main thread. */
export type FormatRequest =
  | { id: number; type: 'start'; meta: ResponseMeta; stream?: ReadableStream<Uint8Array> }
  | { id: number; type: 'bytes'; bytes: ArrayBuffer }
  | { id: number; type: 'end' }
  | { id: number; type: 'cancel' };

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

const scope = self as unknown as DedicatedWorkerGlobalScope;

function post(m: FormatReply): void {
  scope.postMessage(m);
}

class Job {
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
  reader: ReadableStreamDefaultReader<Uint8Array> | undefined;

  constructor(
    readonly id: number,
    private meta: ResponseMeta,
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
        if (this.sent > 0) post({ id: this.id, type: 'restart' });
        result = this.whole();
      }
    } else result = this.whole();
    this.raw = [];
    post({ id: this.id, type: 'end', result, size: this.size, receivedAt });
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
    post({ id: this.id, type: 'chunk', text: this.out.join('') });
    this.sent++;
    this.out = [];
    this.outLength = 0;
  }

  /** classify.ts on the whole body, as before streaming. */
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
      post({ id: this.id, type: 'chunk', text: chunk });
    return { ...result, display: '' };
  }
}

const jobs = new Map<number, Job>();

async function pump(job: Job, stream: ReadableStream<Uint8Array>): Promise<void> {
  const reader = stream.getReader();
  job.reader = reader;
  for (;;) {
    const { done, value } = await reader.read();
    if (!jobs.has(job.id)) return;
    if (done) break;
    job.feed(value);
  }
  job.finish();
  jobs.delete(job.id);
}

function fail(id: number, err: unknown): void {
  if (!jobs.delete(id)) return;
  post({ id, type: 'error', error: err instanceof Error ? err.message : String(err) });
}

scope.onmessage = (event: MessageEvent<FormatRequest>) => {
  const m = event.data;
  try {
    if (m.type === 'start') {
      const job = new Job(m.id, m.meta);
      jobs.set(m.id, job);
      if (m.stream) pump(job, m.stream).catch((err: unknown) => fail(m.id, err));
    } else if (m.type === 'bytes') jobs.get(m.id)?.feed(new Uint8Array(m.bytes));
    else if (m.type === 'end') {
      jobs.get(m.id)?.finish();
      jobs.delete(m.id);
    } else {
      const job = jobs.get(m.id);
      jobs.delete(m.id);
      job?.reader?.cancel().catch(() => {});
    }
  } catch (err) {
    fail(m.id, err);
  }
};
