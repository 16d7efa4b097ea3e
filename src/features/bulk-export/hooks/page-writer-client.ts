import { createRpcClient } from '../../../shared/lib/worker-rpc.ts';
import type { PageRead, StoreSpec } from '../lib/page-store.ts';
import type { PageWriterApi } from '../worker/protocol.ts';

const worker = createRpcClient<PageWriterApi>(
  () => new Worker(new URL('../worker/page-writer.worker.ts', import.meta.url), { type: 'module' }),
  'The export worker',
);

/** The export worker's file, for one export (a new `openExportFile` replaces it). */
export interface ExportFileClient {
  /** Hands a page's bytes to the worker (transferred, not copied) to read. */
  read(body: ArrayBuffer): Promise<PageRead>;
  write(): Promise<void>;
  file(): Promise<Blob>;
}

export async function openExportFile(spec: StoreSpec): Promise<ExportFileClient> {
  await worker.call('open', spec);
  return {
    read: (body) => worker.call('read', { body }, { transfer: [body] }),
    write: () => worker.call('write', null).then(() => undefined),
    file: () => worker.call('file', null),
  };
}
