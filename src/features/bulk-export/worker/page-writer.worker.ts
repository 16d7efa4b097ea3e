/// <reference lib="webworker" />
/**
 * Export worker: parses each page's answer and writes its rows (CSV through papaparse, or
 * NDJSON) into the file's Blob parts (lib/page-store.ts), so no page is parsed or written on the
 * main thread, and papaparse stays out of the page's bundles.
 */
import { serveRpc } from '../../../shared/lib/worker-rpc.ts';
import { PageStore } from '../lib/page-store.ts';
import type { PageWriterApi } from './protocol.ts';

let store: PageStore | undefined;

function current(): PageStore {
  if (!store) throw new Error('No export is open.');
  return store;
}

serveRpc<PageWriterApi>(self, {
  open: (spec) => {
    store = new PageStore(spec);
    return null;
  },
  read: ({ body }) => current().read(body),
  write: () => {
    current().write();
    return null;
  },
  file: () => current().blob(),
});
