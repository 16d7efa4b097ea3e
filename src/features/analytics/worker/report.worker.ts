/// <reference lib="webworker" />
/**
 * The report worker: sends the report request, keeps the exact bytes for Download CSV
 * (`raw-bytes.ts`), parses chunk by chunk (quote-free lines straight from the bytes,
 * `lib/csv-byte-stream.ts`; the rest with papaparse), stores the rows columnar, and answers
 * window / view / chart / summary / compare / retention / key figures / export requests
 * (`queries.ts`). Its methods are in `protocol.ts`, served through src/shared/lib/worker-rpc.ts.
 * One worker per load.
 */
import { httpMeta, looksLikeHtml, NetworkError } from '../../../shared/api/http.ts';
import { serveRpc } from '../../../shared/lib/worker-rpc.ts';
import { ConnectionError, sendAnalytics } from '../../connection/for-workers.ts';
import { ReportStore, type ViewSpec } from '../lib/csv-store.ts';
import { CsvByteStream, type ByteSink } from '../lib/csv-byte-stream.ts';
import { CsvChunkParser } from '../lib/csv-stream.ts';
import { firstRowsPieces } from '../lib/first-rows.ts';
import { DrawnGate } from '../lib/drawn-gate.ts';
import { ProgressPace } from '../lib/progress-pace.ts';
import { HeldWindow } from './held-window.ts';
import type { LoadEnd, LoadEvent, Outcome, Progress, ReportApi } from './protocol.ts';
import {
  reportColumns,
  reportPeriods,
  runChart,
  runCompare,
  runExport,
  runKeyFigures,
  runRetention,
  runSummary,
} from './queries.ts';
import { RawBytes } from './raw-bytes.ts';
import { runSeats } from '../seats/seat-query.ts';

const PROGRESS_MS = 200;
const VIEW_REFRESH_MS = 700;
/** Characters looked at before deciding the body is not an HTML page. */
const SNIFF_CHARS = 64;
/** Lines parsed and sent before the rest of the first piece (`lib/first-rows.ts`): a screen and more. */
const FIRST_LINES = 100;
/**
 * Bytes read at a time: the network hands over pieces of up to 2 MB when the worker falls
 * behind; progress (and the first rows) can go out between pieces.
 */
const PIECE_BYTES = 64 * 1024;
/** The longest pause after the first rows while the page builds its first screen (`DrawnGate`). */
const FIRST_SCREEN_WAIT_MS = 400;
/** The longest pause after a later progress while the page renders and paints it. */
const PROGRESS_WAIT_MS = 100;

const parser = new CsvChunkParser();
const raw = new RawBytes();
let store: ReportStore | undefined;
let spec: ViewSpec = { filters: {}, global: '' };
let contentType: string | null = null;
/** The start date the report was asked for (its days without rows are still in the report). */
let requestedStart: string | undefined;
let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
const abort = new AbortController();
let cancelled = false;
let finished = false;
/** The first bytes, held until we know the body is not an HTML page, and their text. */
let headBytes: Uint8Array[] = [];
let head = '';
const headDecoder = new TextDecoder('utf-8');
let sniffed = false;
let isHtml = false;
const pace = new ProgressPace(PROGRESS_MS);
const firstScreen = new DrawnGate();
/** The gate of the last progress sent, and whether the page drew the one before in time. */
let progressGate = new DrawnGate();
let pageDraws = true;
let nextViewRefresh = 0;
/** The page's last `window` call, held while the view has no row in its range. */
const asked = new HeldWindow(() => store);

function progress(): Progress {
  return {
    bytes: raw.bytes,
    rows: store?.length ?? 0,
    header: store?.header ?? parser.header,
    types: store?.types() ?? [],
    viewLength: store?.viewLength() ?? 0,
    ragged: { ...parser.ragged },
    quotes: {
      InvalidQuotes: { ...parser.quotes.InvalidQuotes },
      MissingQuotes: { ...parser.quotes.MissingQuotes },
    },
    columns: store ? reportColumns(store) : [],
    periods: store ? reportPeriods(store) : [],
    filterKey: JSON.stringify([spec.filters, spec.global]),
  };
}

/** The store, made once the header is known (rows only come after it). */
function headerStore(): ReportStore {
  if (!store) {
    store = new ReportStore(parser.header ?? []);
    store.setView(spec);
  }
  return store;
}

/** Rows go straight into the store; quote-free lines are read from the bytes (`appendLineBytes`). */
const sink: ByteSink = {
  append(rows) {
    if (rows.length) headerStore().append(rows);
  },
  appendLines: (text, from, to, newline) => headerStore().appendLines(text, from, to, newline),
  appendLineBytes: (bytes, from, to, newline) =>
    headerStore().appendLineBytes(bytes, from, to, newline),
};
const bytesIn = new CsvByteStream(parser, sink);

function parseBytes(bytes: Uint8Array, final: boolean): void {
  if (bytes.byteLength) bytesIn.push(bytes);
  if (final) bytesIn.end();
  if (parser.header) headerStore();
}

/** Feeds body bytes, holding back the first ones until we know the body is not HTML. */
function feedBytes(bytes: Uint8Array, final: boolean): void {
  if (!sniffed) {
    if (bytes.byteLength) {
      headBytes.push(bytes);
      head += headDecoder.decode(bytes, { stream: true });
    }
    if (head.trimStart().length < SNIFF_CHARS && !final) return;
    sniffed = true;
    if (looksLikeHtml(contentType, head)) {
      isHtml = true;
      return;
    }
    const held = headBytes;
    headBytes = [];
    head = '';
    for (let i = 0; i < held.length; i++) parseBytes(held[i]!, final && i === held.length - 1);
    if (held.length === 0) parseBytes(new Uint8Array(0), final);
    return;
  }
  if (!isHtml) parseBytes(bytes, final);
}

/** Sends progress when it is due; true when it did. */
function maybeProgress(report: (e: LoadEvent) => void): boolean {
  const now = performance.now();
  // The first rows go out at once; after that a few times a second.
  if (!pace.due(now, store?.length ?? 0)) return false;
  if (store?.isViewStale() && now > nextViewRefresh) {
    store.refreshView();
    // Sorting millions of rows takes a while: refresh less often the longer it takes.
    const took = performance.now() - now;
    nextViewRefresh = performance.now() + Math.max(VIEW_REFRESH_MS, took * 4);
  }
  progressGate = new DrawnGate();
  report({ type: 'progress', progress: progress() });
  asked.rowsArrived();
  return true;
}

/**
 * Parses a network chunk; yields after each progress sent: 'first' after the first rows,
 * 'progress' after a later one (the reader then waits for the page to draw it).
 */
function* ingest(
  chunk: Uint8Array,
  report: (e: LoadEvent) => void,
): Generator<'first' | 'progress'> {
  if (finished || cancelled || isHtml) return;
  raw.add(chunk);
  for (let at = 0; at < chunk.byteLength && !isHtml; at += PIECE_BYTES) {
    const bytes = chunk.subarray(at, at + PIECE_BYTES);
    // Until the first rows are out, they go before the rest of the piece is parsed.
    for (const piece of pace.waitingForRows ? firstRowsPieces(bytes, FIRST_LINES) : [bytes]) {
      const waiting = pace.waitingForRows;
      feedBytes(piece, false);
      if (!maybeProgress(report)) continue;
      if (waiting && !pace.waitingForRows) yield 'first';
      else if (!waiting) yield 'progress';
    }
  }
}

/** Waits for the page to draw what it was sent: the first screen, or the last progress. */
async function pageTurn(kind: 'first' | 'progress'): Promise<void> {
  if (kind === 'first') {
    await firstScreen.wait(FIRST_SCREEN_WAIT_MS);
    return;
  }
  // A page that did not draw the last one in time (hidden, or busy) is not waited for now.
  if (!pageDraws) {
    pageDraws = true;
    return;
  }
  pageDraws = await progressGate.wait(PROGRESS_WAIT_MS);
}

function finish(outcome: Outcome, reason?: string): LoadEnd {
  finished = true;
  if (!isHtml) feedBytes(new Uint8Array(0), true);
  if (isHtml) outcome = 'html';
  else if (outcome === 'complete' && isBlank()) outcome = 'empty';
  raw.end();
  store?.compact();
  if (store?.isViewStale()) store.refreshView();
  asked.end();
  return { type: 'done', outcome, progress: progress(), reason };
}

/** No header at all, or only whitespace: nothing that could be a CSV. */
function isBlank(): boolean {
  const h = parser.header;
  return !h || (h.length === 1 && (h[0] ?? '').trim() === '' && (store?.length ?? 0) === 0);
}

async function readStream(
  stream: ReadableStream<Uint8Array>,
  report: (e: LoadEvent) => void,
): Promise<LoadEnd> {
  reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const kind of ingest(value, report)) await pageTurn(kind);
      if (isHtml) {
        void reader.cancel();
        break;
      }
    }
    return finish(cancelled ? 'cancelled' : 'complete');
  } catch (err) {
    return finish(
      cancelled ? 'cancelled' : 'dropped',
      err instanceof Error ? err.message : String(err),
    );
  }
}

/** Sends the request (same transport semantics as the rest of the app) and streams a 2xx body. */
async function load(
  { settings, params }: ReportApi['load']['params'],
  report: (e: LoadEvent) => void,
): Promise<LoadEnd> {
  requestedStart = new URLSearchParams(params).get('startDate') || undefined;
  let response: Response;
  try {
    ({ response } = await sendAnalytics(
      settings,
      'reports',
      new URLSearchParams(params),
      abort.signal,
    ));
  } catch (err) {
    const known = err instanceof ConnectionError || err instanceof NetworkError;
    return {
      type: 'failed',
      message: known ? err.message : String(err),
      aborted: err instanceof NetworkError && err.kind === 'aborted',
    };
  }
  contentType = response.headers.get('content-type');
  if (!response.ok || looksLikeHtml(contentType, '')) {
    const body = (await response.text().catch(() => '')).slice(0, 4096);
    return { type: 'http-error', failure: { ...httpMeta(response), body } };
  }
  const length = Number(response.headers.get('content-length'));
  report({ type: 'started', contentLength: length > 0 ? length : undefined });
  return readStream(response.body ?? new Blob([]).stream(), report);
}

serveRpc<ReportApi>(self, {
  load: (params, { progress: report }) => load(params, report),
  stop() {
    cancelled = true;
    abort.abort();
    if (reader) void reader.cancel().catch(() => undefined);
    return null;
  },
  firstScreenDrawn() {
    firstScreen.open();
    return null;
  },
  progressDrawn() {
    progressGate.open();
    return null;
  },
  view(next) {
    spec = next;
    store?.setView(spec);
    nextViewRefresh = performance.now() + VIEW_REFRESH_MS;
    return progress();
  },
  window: ({ start, count }) => asked.ask(start, count),
  chart: (chartSpec) => runChart(store, chartSpec),
  summary: (summarySpec) => runSummary(store, summarySpec),
  compare: (compareSpec) => runCompare(store, compareSpec),
  retention: ({ per }) => runRetention(store, per),
  keyFigures: () => runKeyFigures(store, requestedStart),
  export: (what) => runExport(store, what.what === 'summary' ? what.spec : undefined),
  download: () => ({ blob: raw.blob('text/csv'), bytes: raw.bytes }),
  seats: (instance) => runSeats(store, instance),
});
