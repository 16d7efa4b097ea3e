import type { Text } from '@codemirror/state';
import { createRpcClient } from '../../../../shared/lib/worker-rpc.ts';
import type { CompareApi, CompareResult, Side } from './compare-protocol.ts';

const worker = createRpcClient<CompareApi>(
  () => new Worker(new URL('./compare.worker.ts', import.meta.url), { type: 'module' }),
  'The compare worker',
);

/**
 * Characters per piece handed to the worker: each piece is one short task here (a slice of the
 * document and its copy into the message), with the worker's answer in between, as the table does.
 */
const PIECE = 1 << 18;

/** Paths listed at most; the rest are counted. */
const LISTED_PATHS = 500;

/**
 * The structural diff of two responses' texts, computed in the compare worker. One pair at a
 * time: aborting `signal` (a new pair was picked, the dialog closed) stops handing text over.
 */
export async function compareDocs(
  before: Text,
  after: Text,
  signal: AbortSignal,
): Promise<CompareResult> {
  await worker.call('begin', null, { signal });
  const sides: [Side, Text][] = [
    ['before', before],
    ['after', after],
  ];
  for (const [side, doc] of sides) {
    for (let from = 0; from < doc.length; from += PIECE) {
      const text = doc.sliceString(from, Math.min(doc.length, from + PIECE));
      await worker.call('append', { side, text }, { signal });
    }
  }
  return worker.call('diff', { limit: LISTED_PATHS }, { signal });
}
