/// <reference lib="webworker" />
/**
 * Response worker: decodes, parses, pretty-prints and classifies a response body off the main
 * thread, so a 50 MB answer never blocks typing. The main thread only gets the display string
 * and the (capped) error list.
 */
import { classifyResponse, type ResponseMeta } from './classify.ts';

export interface FormatRequest {
  id: number;
  buffer: ArrayBuffer;
  meta: ResponseMeta;
}

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<FormatRequest>) => {
  const { id, buffer, meta } = event.data;
  try {
    const text = new TextDecoder().decode(buffer);
    scope.postMessage({ id, result: classifyResponse(meta, text) });
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
