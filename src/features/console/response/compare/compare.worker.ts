/// <reference lib="webworker" />
/**
 * Compare worker: parses two settled responses and diffs them (compare-job.ts), so two 50 MB
 * responses never parse on the main thread.
 */
import { serveRpc } from '../../../../shared/lib/worker-rpc.ts';
import { compareHandlers } from './compare-job.ts';
import type { CompareApi } from './compare-protocol.ts';

serveRpc<CompareApi>(self, compareHandlers());
