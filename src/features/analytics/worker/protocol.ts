/**
 * Messages between the analytics page and the report worker. The worker owns the rows (and the
 * raw bytes for Download CSV); the page only ever holds the window it shows.
 */
import type { ConnectionSettings } from '../../connection/for-workers.ts';
import type { ChartData } from '../lib/chart-data.ts';
import type { ColumnInfo } from '../lib/column-roles.ts';
import type { CompareResult, CompareSpec } from '../lib/compare.ts';
import type { RowWindow, ViewSpec } from '../lib/csv-store.ts';
import type { MetricRef } from '../lib/metrics.ts';
import type { Period } from '../lib/periods.ts';
import type { DimensionId, SummaryResult, SummarySpec } from '../lib/summary-spec.ts';
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
  /** A chart's series over the rows of the view. */
  | { type: 'chart'; seq: number; spec: ChartSpec }
  /** The Summary table over the rows of the view (at most `spec.limit` rows come back). */
  | { type: 'summary'; seq: number; spec: SummarySpec }
  | { type: 'compare'; seq: number; spec: CompareSpec }
  /** A derived CSV of what the page shows: the view's rows (filtered, sorted) or the summary. */
  | { type: 'export'; seq: number; what: 'rows' }
  | { type: 'export'; seq: number; what: 'summary'; spec: SummarySpec }
  | { type: 'download'; seq: number };

/** A chart: `metric` per `x` (a period or a dimension), one series per value of `split`. */
export interface ChartSpec {
  metric: MetricRef;
  x: DimensionId;
  split?: DimensionId;
  /** Values of `split` drawn as their own series; the rest become "Other". */
  top: number;
}

/** Counters the page shows while the report streams and afterwards. */
export interface Progress {
  bytes: number;
  rows: number;
  header: string[] | undefined;
  types: ColumnType[];
  viewLength: number;
  ragged: RaggedInfo;
  unterminatedQuote: boolean;
  /** What each column means (user, date, measure, …), from its header and values so far. */
  columns: ColumnInfo[];
  /** The periods the report's dates allow (none without a date column). */
  periods: Period[];
  /** Changes when the view's filters change (not its sort): summaries depend on it. */
  filterKey: string;
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
  | { type: 'chart'; seq: number; data: ChartData }
  | { type: 'summary'; seq: number; result: SummaryResult }
  | { type: 'compare'; seq: number; result: CompareResult }
  | { type: 'export'; seq: number; blob: Blob; rows: number }
  | { type: 'download'; seq: number; blob: Blob; bytes: number };
