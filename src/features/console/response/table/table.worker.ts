/// <reference lib="webworker" />
/**
 * Table worker: reads a settled response's text, finds its lists of objects, flattens, sorts and
 * exports the one shown (table-job.ts), so a 50 MB response never parses on the main thread.
 */
import { serveRpc } from '../../../../shared/lib/worker-rpc.ts';
import { tableHandlers } from './table-job.ts';
import type { TableApi } from './table-protocol.ts';

serveRpc<TableApi>(self, tableHandlers());
