import { classifyResponse, type ClassifiedResponse, type ResponseMeta } from './classify.ts';

type Pending = { resolve(r: ClassifiedResponse): void; reject(e: Error): void };

let worker: Worker | undefined;
let workerFailed = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function getWorker(): Worker | undefined {
  if (worker || workerFailed || typeof Worker === 'undefined') return worker;
  try {
    worker = new Worker(new URL('./format.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (
      e: MessageEvent<{ id: number; result?: ClassifiedResponse; error?: string }>,
    ) => {
      const p = pending.get(e.data.id);
      if (!p) return;
      pending.delete(e.data.id);
      if (e.data.result) p.resolve(e.data.result);
      else p.reject(new Error(e.data.error ?? 'The response worker failed.'));
    };
    worker.onerror = () => {
      // A worker that cannot start (e.g. blocked by policy) fails every pending job; later jobs
      // run on the main thread.
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

/** Bodies this small are cheap enough to parse right here. */
const INLINE_LIMIT = 64 * 1024;

/**
 * Classifies and pretty-prints a response body in the response worker (the buffer is transferred,
 * not copied). Small bodies, or a browser without workers, are handled on the main thread.
 */
export function formatResponse(
  buffer: ArrayBuffer,
  meta: ResponseMeta,
): Promise<ClassifiedResponse> {
  const w = buffer.byteLength > INLINE_LIMIT ? getWorker() : undefined;
  if (!w) return Promise.resolve(classifyResponse(meta, new TextDecoder().decode(buffer)));
  const id = nextId++;
  return new Promise<ClassifiedResponse>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, buffer, meta }, [buffer]);
  });
}
