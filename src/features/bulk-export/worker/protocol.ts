import type { PageRead, StoreSpec } from '../lib/page-store.ts';

/** Page ↔ export worker (shared/lib/worker-rpc.ts). The worker holds one export at a time. */
export type PageWriterApi = {
  /** Starts a new file (the previous export's is dropped). */
  open: { params: StoreSpec; result: null };
  /** Reads a page's body (transferred bytes) and holds its rows. */
  read: { params: { body: ArrayBuffer }; result: PageRead };
  /** Appends the held rows to the file. */
  write: { params: null; result: null };
  /** The file so far. */
  file: { params: null; result: Blob };
};
