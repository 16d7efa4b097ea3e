/**
 * The report worker's methods and what they carry. The worker owns the rows (and the raw bytes
 * for Download CSV); the page only ever holds the window it shows.
 */
import type { ConnectionSettings } from '../../connection/for-workers.ts';
import type { ChartData } from '../lib/chart-data.ts';
import type { ColumnInfo } from '../lib/column-roles.ts';
import type { CompareResult, CompareSpec } from '../lib/compare.ts';
import type { RowWindow, ViewSpec } from '../lib/csv-store.ts';
import type { KeyFigures } from '../lib/key-figures.ts';
import type { MetricRef } from '../lib/metrics.ts';
import type { Period } from '../lib/periods.ts';
import type { CohortPeriod, RetentionResult } from '../lib/retention.ts';
import type { DimensionId, SummaryResult, SummarySpec } from '../lib/summary-spec.ts';
import type { HttpFailure } from '../lib/report-errors.ts';
import type { ColumnType } from '../lib/csv-types.ts';
import type { QuoteProblems, RaggedInfo } from '../lib/csv-stream.ts';
import type { InstanceKey } from '../seats/lib/match-users.ts';
import type { SeatAnswer } from '../seats/lib/seat-answer.ts';

/** How a load ended. */
export type Outcome = 'complete' | 'cancelled' | 'dropped' | 'html' | 'empty';

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
  /** Malformed and unterminated quotes papaparse read on past (rows may have merged). */
  quotes: QuoteProblems;
  /** What each column means (user, date, measure, …), from its header and values so far. */
  columns: ColumnInfo[];
  /** The periods the report's dates allow (none without a date column). */
  periods: Period[];
  /** Changes when the view's filters change (not its sort): summaries depend on it. */
  filterKey: string;
}

/** Reported while a load runs. */
export type LoadEvent =
  /** A 2xx arrived and its body is streaming: the page switches to this worker. */
  | { type: 'started'; contentLength?: number }
  /** Counters (rows reach the page through `window` only). */
  | { type: 'progress'; progress: Progress };

/** How a load ends. */
export type LoadEnd =
  | { type: 'done'; outcome: Outcome; progress: Progress; reason?: string }
  /** No usable response: nothing reached the worker's store (the page keeps the previous report). */
  | { type: 'failed'; message: string; aborted: boolean }
  | { type: 'http-error'; failure: Omit<HttpFailure, 'host'> };

/** What "Export view as CSV" exports. */
type ExportWhat = { what: 'rows' } | { what: 'summary'; spec: SummarySpec };

/**
 * The report worker's methods (called through src/shared/lib/worker-rpc.ts). The worker owns the
 * rows (and the raw bytes for Download CSV); the page only ever holds the window it shows.
 */
export type ReportApi = {
  /**
   * Requests the report with the connection's transport (sendAnalytics: relay or direct) from
   * the worker, so the body streams into the worker without passing through the page's thread;
   * resolves when the body has ended (or the request failed).
   */
  load: {
    params: { settings: ConnectionSettings; params: string };
    progress: LoadEvent;
    result: LoadEnd;
  };
  /** Ends the load where it is: the rows received stay, and `load` answers 'cancelled'. */
  stop: { params: null; result: null };
  /**
   * The page has drawn its first screen of rows. After sending the first rows the worker waits
   * for this (0.4 s at most) before it parses on, so the page's thread has the CPU to
   * build that screen (`lib/drawn-gate.ts`).
   */
  firstScreenDrawn: { params: null; result: null };
  /**
   * The page has rendered and painted the progress it was sent last. After each progress the
   * worker waits for this (0.1 s at most) before it parses on (`lib/drawn-gate.ts`).
   */
  progressDrawn: { params: null; result: null };
  /** Sorts and filters the view; answers the counters of the new view. */
  view: { params: ViewSpec; result: Progress };
  /**
   * Rows `start`..`start+count` of the view: at once when the view has a row in that range or
   * the load has ended, else held until one arrives (`held-window.ts`; a newer call answers it).
   */
  window: { params: { start: number; count: number }; result: RowWindow };
  /** A chart's series over the rows of the view. */
  chart: { params: ChartSpec; result: ChartData };
  /** The Summary table over the rows of the view (at most `spec.limit` rows come back). */
  summary: { params: SummarySpec; result: SummaryResult };
  compare: { params: CompareSpec; result: CompareResult };
  /** Retention: cohorts by first active week or month (`lib/retention.ts`), over the view's rows. */
  retention: { params: { per: CohortPeriod }; result: RetentionResult };
  /** The "Key figures" tiles: active users and events per period (`lib/key-figures.ts`). */
  keyFigures: { params: null; result: KeyFigures };
  /** A derived CSV of what the page shows: the view's rows (filtered, sorted) or the summary. */
  export: { params: ExportWhat; result: { blob: Blob; rows: number } };
  /** The exact bytes received, in order: no re-serialisation, no second request. */
  download: { params: null; result: { blob: Blob; bytes: number } };
  /** Seats and adoption: the whole report's users joined with these instance users (`seats/`). */
  seats: { params: InstanceKey[]; result: SeatAnswer };
};
