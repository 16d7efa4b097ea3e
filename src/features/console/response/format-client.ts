import { Text } from '@codemirror/state';
import { createRpcClient } from '../../../shared/lib/worker-rpc.ts';
import { classifyResponse, type ClassifiedResponse, type ResponseMeta } from './classify.ts';
import type { FormatApi } from './format-protocol.ts';

/** A classified response plus its display text as a CodeMirror document. */
export interface FormattedResponse extends ClassifiedResponse {
  doc: Text;
}

/** Set when the worker cannot start or failed: later bodies are handled on the main thread. */
let workerFailed = false;

const formatWorker = createRpcClient<FormatApi>(() => {
  try {
    const w = new Worker(new URL('./format.worker.ts', import.meta.url), { type: 'module' });
    w.addEventListener('error', () => {
      workerFailed = true; // e.g. blocked by policy: the pending job fails, later ones run here
    });
    return w;
  } catch (err) {
    workerFailed = true;
    throw err;
  }
}, 'The response worker');

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
export async function formatResponse(
  buffer: ArrayBuffer,
  meta: ResponseMeta,
): Promise<FormattedResponse> {
  if (buffer.byteLength <= INLINE_LIMIT || workerFailed || typeof Worker === 'undefined')
    return formatInline(buffer, meta);
  let doc = Text.empty;
  try {
    const head = await formatWorker.call(
      'format',
      { buffer, meta },
      { transfer: [buffer], onProgress: (chunk) => (doc = appendChunk(doc, chunk)) },
    );
    return { ...head, doc };
  } catch (err) {
    // The worker could not start: the buffer was never transferred, so handle it here.
    if (workerFailed && buffer.byteLength > 0) return formatInline(buffer, meta);
    throw err;
  }
}

function formatInline(buffer: ArrayBuffer, meta: ResponseMeta): FormattedResponse {
  const r = classifyResponse(meta, new TextDecoder().decode(buffer));
  return { ...r, doc: Text.of(r.display.split(/\r\n?|\n/)) };
}
