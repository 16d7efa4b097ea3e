import { Text } from '@codemirror/state';
import { classifyResponse, type ClassifiedResponse, type ResponseMeta } from './classify.ts';

/** A classified response plus its display text as a CodeMirror document. */
export interface FormattedResponse extends ClassifiedResponse {
  doc: Text;
}

type WorkerMessage =
  | { id: number; type: 'head'; result: ClassifiedResponse }
  | { id: number; type: 'chunk'; text: string }
  | { id: number; type: 'end' }
  | { id: number; type: 'error'; error: string };

interface Pending {
  head?: ClassifiedResponse;
  doc: Text;
  resolve(r: FormattedResponse): void;
  reject(e: Error): void;
}

let worker: Worker | undefined;
let workerFailed = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function onMessage(e: MessageEvent<WorkerMessage>) {
  const m = e.data;
  const p = pending.get(m.id);
  if (!p) return;
  if (m.type === 'head') p.head = m.result;
  else if (m.type === 'chunk') p.doc = appendChunk(p.doc, m.text);
  else {
    pending.delete(m.id);
    if (m.type === 'end' && p.head) p.resolve({ ...p.head, doc: p.doc });
    else p.reject(new Error(m.type === 'error' ? m.error : 'The response worker failed.'));
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
      for (const p of pending.values()) p.reject(new Error('The response worker could not start.'));
      pending.clear();
    };
  } catch {
    workerFailed = true;
  }
  return worker;
}

/** Appends one chunk of the worker's display text (see chunks.ts) to a document: a small task each. */
export function appendChunk(doc: Text, chunk: string): Text {
  return doc.append(Text.of(chunk.split('\n')));
}

/** Bodies this small are cheap enough to handle right here. */
const INLINE_LIMIT = 64 * 1024;

/**
 * Classifies and pretty-prints a response body in the response worker (the buffer is
 * transferred, not copied; JSON.parse never runs on the main thread for large bodies). Small
 * bodies, or a browser without workers, are handled on the main thread.
 */
export function formatResponse(
  buffer: ArrayBuffer,
  meta: ResponseMeta,
): Promise<FormattedResponse> {
  const w = buffer.byteLength > INLINE_LIMIT ? getWorker() : undefined;
  if (!w) {
    const r = classifyResponse(meta, new TextDecoder().decode(buffer));
    return Promise.resolve({ ...r, doc: Text.of(r.display.split(/\r\n?|\n/)) });
  }
  const id = nextId++;
  return new Promise<FormattedResponse>((resolve, reject) => {
    pending.set(id, { doc: Text.empty, resolve, reject });
    w.postMessage({ id, buffer, meta }, [buffer]);
  });
}
