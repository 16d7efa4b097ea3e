import { createRpcClient } from '../../../shared/lib/worker-rpc.ts';
import type { DocsApi } from './protocol.ts';

/** The page's side of the Docs worker (search index, "What changed", upgrade check): one worker. */
export const docsWorker = createRpcClient<DocsApi>(() => {
  try {
    return new Worker(new URL('./docs.worker.ts', import.meta.url), { type: 'module' });
  } catch (err) {
    throw new Error(
      `Search is unavailable: the Docs worker could not start (${(err as Error).message}).`,
    );
  }
}, 'The Docs worker');
