/// <reference lib="webworker" />
/**
 * Response worker: reads a response body as it arrives (a transferred ReadableStream, or byte
 * chunks posted by read-response.ts) and formats it with format-job.ts, off the main thread.
 */
import type { ResponseMeta } from '../../../shared/api/classify-http.ts';
import { FormatJob, type FormatReply } from './format-job.ts';

export type { FormatReply };

/** From the main thread. */
export type FormatRequest =
  | { id: number; type: 'start'; meta: ResponseMeta; stream?: ReadableStream<Uint8Array> }
  | { id: number; type: 'bytes'; bytes: ArrayBuffer }
  | { id: number; type: 'end' }
  | { id: number; type: 'cancel' };

const scope = self as unknown as DedicatedWorkerGlobalScope;

function post(m: FormatReply): void {
  // The lines' numbers are handed over, not copied (line-codec.ts).
  if (m.type === 'lines') scope.postMessage(m, [m.lines.ids.buffer]);
  else scope.postMessage(m);
}

interface Running {
  job: FormatJob;
  reader?: ReadableStreamDefaultReader<Uint8Array>;
}

const jobs = new Map<number, Running>();

async function pump(run: Running, stream: ReadableStream<Uint8Array>): Promise<void> {
  const reader = stream.getReader();
  run.reader = reader;
  const id = run.job.id;
  for (;;) {
    const { done, value } = await reader.read();
    if (jobs.get(id) !== run) return;
    if (done) break;
    run.job.feed(value);
  }
  run.job.finish();
  jobs.delete(id);
}

function fail(id: number, err: unknown): void {
  if (!jobs.delete(id)) return;
  post({ id, type: 'error', error: err instanceof Error ? err.message : String(err) });
}

scope.onmessage = (event: MessageEvent<FormatRequest>) => {
  const m = event.data;
  try {
    if (m.type === 'start') {
      const run: Running = { job: new FormatJob(m.id, m.meta, post) };
      jobs.set(m.id, run);
      if (m.stream) pump(run, m.stream).catch((err: unknown) => fail(m.id, err));
    } else if (m.type === 'bytes') jobs.get(m.id)?.job.feed(new Uint8Array(m.bytes));
    else if (m.type === 'end') {
      jobs.get(m.id)?.job.finish();
      jobs.delete(m.id);
    } else {
      const run = jobs.get(m.id);
      jobs.delete(m.id);
      run?.reader?.cancel().catch(() => {});
    }
  } catch (err) {
    fail(m.id, err);
  }
};
