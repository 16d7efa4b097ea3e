/// <reference lib="webworker" />
/**
 * Response worker: decodes, parses, pretty-prints and classifies a response body off the main
 * thread, so a 50 MB answer never blocks typing. The main thread gets the display text in
 * line-aligned chunks, then the classification (each becomes a small CodeMirror Text in its own
 * task, instead of one long split of the whole document).
 */
import { splitIntoChunks } from './chunks.ts';
import { serveRpc } from '../../../shared/lib/worker-rpc.ts';
import { classifyResponse } from './classify.ts';
import type { FormatApi } from './format-protocol.ts';

/** Characters per chunk sent to the main thread. */
const CHUNK = 512 * 1024;

serveRpc<FormatApi>(self, {
  format({ buffer, meta }, { progress }) {
    const result = classifyResponse(meta, new TextDecoder().decode(buffer));
    for (const chunk of splitIntoChunks(result.display, CHUNK)) progress(chunk);
    return { ...result, display: '' };
  },
});
