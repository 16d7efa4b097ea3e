/// <reference lib="webworker" />
/**
 * Response worker: decodes, parses, pretty-prints and classifies a response body off the main
 * thread, so a 50 MB answer never blocks typing. The main thread gets the classification first,
 * then the display text in line-aligned chunks (each becomes a small CodeMirror Text in its own
 * task, instead of one long split of the whole document).
 */
import { splitIntoChunks } from './chunks.ts';
import { classifyResponse, type ResponseMeta } from './classify.ts';

export interface FormatRequest {
  id: number;
  buffer: ArrayBuffer;
  meta: ResponseMeta;
}

/** Characters per chunk sent to the main thread. */
const CHUNK = 512 * 1024;

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<FormatRequest>) => {
  const { id, buffer, meta } = event.data;
  try {
    const text = new TextDecoder().decode(buffer);
    const result = classifyResponse(meta, text);
    const display = result.display;
    scope.postMessage({ id, type: 'head', result: { ...result, display: '' } });
    for (const chunk of splitIntoChunks(display, CHUNK))
      scope.postMessage({ id, type: 'chunk', text: chunk });
    scope.postMessage({ id, type: 'end' });
  } catch (err) {
    scope.postMessage({
      id,
      type: 'error',
      error: err instanceof Error ? err.message : String(err),
    });
  }
};
