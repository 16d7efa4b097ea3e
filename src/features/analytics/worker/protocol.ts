/**
 * Messages between the analytics page and the report worker. The worker owns the rows (and the
 * raw bytes for Download CSV); the page only ever holds the window it shows.
 */
import type { ConnectionSettings } from '../../connection/connection-store.ts';
import type { Aggregate, GroupMode, RowWindow, ViewSpec } from '../lib/csv-store.ts';
import type { HttpFailure } from '../lib/report-errors.ts';
import type { ColumnType } from '../lib/csv-types.ts';
import type { RaggedInfo } from '../lib/csv-stream.ts';

/** How a load ended. */
export type Outcome = 'complete' | 'cancelled' | 'dropped' | 'html' | 'empty';

/** Page → worker. */
export type ToWorker =
  /**
   * Request the report with the connection's transport (sendAnalytics: relay or direct), from the
   * worker, so the body streams into the worker without passing through the page's thread.
   */
  | { type: 'load'; settings: ConnectionSettings; params: string }
  | { type: 'cancel' }
  | { type: 'view'; spec: ViewSpec }
  | { type: 'window'; seq: number; start: number; count: number }
  | { type: 'aggregate'; seq: number; metric: number; group: number; mode: GroupMode }
  | { type: 'download'; seq: number };

/** Counters the page shows while the report streams and afterwards. */
export interface Progress {
  bytes: number;
  rows: number;
  header: string[] | undefined;
  types: ColumnType[];
  viewLength: number;
  ragged: RaggedInfo;
  unterminatedQuote: boolean;
}

/** Worker → page. */
export type FromWorker =
  /** A 2xx arrived and its body is streaming: the page switches to this worker. */
  | { type: 'started'; contentLength?: number }
  /** No usable response: nothing reached the worker's store (the page keeps the previous report). */
  | { type: 'failed'; message: string; aborted: boolean }
  | { type: 'http-error'; failure: Omit<HttpFailure, 'host'> }
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; outcome: Outcome; progress: Progress; reason?: string }
  | { type: 'window'; seq: number; window: RowWindow; viewLength: number }
  | { type: 'aggregate'; seq: number; data: Aggregate }
  | { type: 'download'; seq: number; blob: Blob; bytes: number };
