import { Text } from '@codemirror/state';
import { classifyResponse, type ClassifiedResponse } from '../../../shared/api/classify-graphql.ts';
import type { ResponseMeta } from '../../../shared/api/classify-http.ts';
import type { FormatReply } from './format-job.ts';
import type { FormatRequest } from './format.worker.ts';
import { LineDecoder } from './line-codec.ts';
import { ProgressThrottle } from './progress-throttle.ts';

/** A classified response plus its display text as a CodeMirror document. */
export interface FormattedResponse extends ClassifiedResponse {
  doc: Text;
}

/** A response read to its end and formatted. */
export interface ReadResponse {
  body: FormattedResponse;
  /** Body size in bytes. */
  size: number;
  /** performance.now() when the last byte arrived. */
  receivedAt: number;
}

export interface FormatOptions {
  signal: AbortSignal;
  /**
   * The display text so far, on an animation frame at most every 100 ms while the body
   * streams (progress-throttle.ts). Each document extends the previous one (see `extendsDoc`).
   */
  onProgress?(doc: Text): void;
}

interface Pending {
  doc: Text;
  /** Lines have arrived for this stream (the next ones start new lines of `doc`). */
  started: boolean;
  decoder: LineDecoder;
  /** Identity shared by the documents of one stream of display text. */
  stream: object;
  /** Shows the text so far (`onProgress`), at most every PROGRESS_MS. */
  progress: ProgressThrottle<Text> | undefined;
  resolve(r: ReadResponse): void;
  reject(e: Error): void;
}

let worker: Worker | undefined;
let workerFailed = false;
let nextId = 1;
const pending = new Map<number, Pending>();
const streamOf = new WeakMap<Text, object>();

/** True when `next` is `prev` with text appended (both from the same response stream). */
export function extendsDoc(prev: Text, next: Text): boolean {
  const s = streamOf.get(prev);
  return s !== undefined && s === streamOf.get(next) && next.length >= prev.length;
}

function onMessage(e: MessageEvent<FormatReply>) {
  const m = e.data;
  const p = pending.get(m.id);
  if (!p) return;
  if (m.type === 'lines') {
    p.doc = appendLines(p.doc, p.decoder.decode(m.lines), p.started);
    p.started = true;
    streamOf.set(p.doc, p.stream);
    p.progress?.push(p.doc);
  } else if (m.type === 'restart') {
    p.doc = Text.empty;
    p.started = false;
    p.decoder = new LineDecoder();
    p.stream = {};
  } else {
    pending.delete(m.id);
    p.progress?.cancel();
    if (m.type === 'end')
      p.resolve({
        body: { ...m.result, doc: p.doc },
        size: m.size,
        receivedAt: m.receivedAt - performance.timeOrigin,
      });
    else p.reject(new Error(m.error));
  }
}

function getWorker(): Worker | undefined {
  if (worker || workerFailed || typeof Worker === 'undefined') return worker;
  try {
    worker = new Worker(new URL('./format.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = onMessage;
    worker.onerror = () => {
      // A worker that cannot start (e.g. blocked by policy) fails the pending jobs; later
      // jobs run on the main thread.
      workerFailed = true;
      worker = undefined;
      for (const p of pending.values()) {
        p.progress?.cancel();
        p.reject(new Error('The response worker could not start.'));
      }
      pending.clear();
    };
  } catch {
    workerFailed = true;
  }
  return worker;
}

/**
 * Starts the response worker ahead of a response (when a run starts, or the page is idle), so
 * a body's first bytes do not wait for its script to load.
 */
export function prepareResponseWorker(): void {
  getWorker();
}

/**
 * Adds whole lines from the worker to a document: they become its lines when it has none yet
 * (`started` false), else new lines after its last one. A small task each.
 */
export function appendLines(doc: Text, lines: string[], started: boolean): Text {
  if (!started) return Text.of(lines);
  lines.unshift('');
  return doc.append(Text.of(lines));
}

/** How often the text of a response still arriving is shown, at most. */
const PROGRESS_MS = 100;

/** Bodies this small are cheap enough to handle right here. */
const INLINE_LIMIT = 64 * 1024;

function send(w: Worker, m: FormatRequest, transfer: Transferable[] = []): void {
  w.postMessage(m, transfer);
}

/** Where streams cannot be transferred: reads here and hands each chunk's buffer over. */
async function forward(w: Worker, id: number, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (!pending.has(id)) {
      await reader.cancel();
      return;
    }
    if (done) break;
    const bytes =
      value.byteOffset === 0 && value.byteLength === value.buffer.byteLength
        ? value.buffer
        : value.slice().buffer;
    send(w, { id, type: 'bytes', bytes: bytes as ArrayBuffer }, [bytes as ArrayBuffer]);
  }
  send(w, { id, type: 'end' });
}

/**
 * Reads a response body and classifies and pretty-prints it. Large bodies stream into the
 * response worker (the stream itself is transferred, so the bytes never pass through the main
 * thread); `onProgress` gets the display text while it arrives. Small bodies, or a browser
 * without workers, are handled on the main thread. Rejects when `signal` aborts.
 */
export async function readResponse(
  response: Response,
  meta: ResponseMeta,
  { signal, onProgress }: FormatOptions,
): Promise<ReadResponse> {
  // A compressed body's Content-Length says nothing about the text's size.
  const declared = response.headers.has('Content-Encoding')
    ? NaN
    : Number(response.headers.get('Content-Length') ?? NaN);
  const body = response.body;
  const w = body && !(declared <= INLINE_LIMIT) ? getWorker() : undefined;
  if (!w || !body) {
    const buffer = await response.arrayBuffer();
    const receivedAt = performance.now();
    const r = classifyResponse(meta, new TextDecoder().decode(buffer));
    return {
      body: { ...r, doc: Text.of(r.display.split(/\r\n?|\n/)) },
      size: buffer.byteLength,
      receivedAt,
    };
  }
  const id = nextId++;
  const progress = onProgress && new ProgressThrottle(onProgress, PROGRESS_MS);
  return new Promise<ReadResponse>((resolve, reject) => {
    const abort = () => {
      if (!pending.delete(id)) return;
      progress?.cancel();
      send(w, { id, type: 'cancel' });
      reject(new DOMException('The run was stopped.', 'AbortError'));
    };
    pending.set(id, {
      doc: Text.empty,
      started: false,
      decoder: new LineDecoder(),
      stream: {},
      progress,
      resolve: (r) => {
        signal.removeEventListener('abort', abort);
        resolve(r);
      },
      reject: (e) => {
        signal.removeEventListener('abort', abort);
        reject(e);
      },
    });
    signal.addEventListener('abort', abort);
    try {
      send(w, { id, type: 'start', meta, stream: body }, [body]);
    } catch {
      send(w, { id, type: 'start', meta });
      forward(w, id, body).catch((err: unknown) => {
        const p = pending.get(id);
        if (!p) return;
        pending.delete(id);
        p.progress?.cancel();
        send(w, { id, type: 'cancel' });
        p.reject(err instanceof Error ? err : new Error(String(err)));
      });
    }
    if (signal.aborted) abort();
  });
}
