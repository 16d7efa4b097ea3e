/// <reference lib="webworker" />
/**
 * The report worker: reads the CSV body (a transferred ReadableStream, or chunks posted by the
 * page), keeps the exact bytes for Download CSV, parses with papaparse chunk by chunk, stores
 * the rows columnar, and answers window / view / chart / summary / compare / export requests
 * (`queries.ts`). One worker per load.
 */
import { httpMeta, looksLikeHtml, NetworkError } from '../../../shared/api/http.ts';
import { ConnectionError, sendAnalytics } from '../../connection/for-workers.ts';
import { ReportStore, type ViewSpec } from '../lib/csv-store.ts';
import { CsvChunkParser } from '../lib/csv-stream.ts';
import type { FromWorker, Outcome, Progress, ToWorker } from './protocol.ts';
import {
  reportColumns,
  reportPeriods,
  runChart,
  runCompare,
  runExport,
  runSummary,
} from './queries.ts';

const ctx = self as unknown as DedicatedWorkerGlobalScope;
const PROGRESS_MS = 200;
const VIEW_REFRESH_MS = 700;
/** Characters looked at before deciding the body is not an HTML page. */
const SNIFF_CHARS = 64;

const parser = new CsvChunkParser();
const decoder = new TextDecoder('utf-8');
const raw: Uint8Array[] = [];
let bytes = 0;
let store: ReportStore | undefined;
let spec: ViewSpec = { filters: {}, global: '' };
let contentType: string | null = null;
let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
const abort = new AbortController();
let cancelled = false;
let finished = false;
let head = '';
let sniffed = false;
let isHtml = false;
let lastProgress = 0;
let nextViewRefresh = 0;

function post(msg: FromWorker, transfer: Transferable[] = []): void {
  ctx.postMessage(msg, transfer);
}

function progress(): Progress {
  return {
    bytes,
    rows: store?.length ?? 0,
    header: store?.header ?? parser.header,
    types: store?.types() ?? [],
    viewLength: store?.viewLength() ?? 0,
    ragged: { ...parser.ragged },
    unterminatedQuote: parser.unterminatedQuote,
    columns: store ? reportColumns(store) : [],
    periods: store ? reportPeriods(store) : [],
    filterKey: JSON.stringify([spec.filters, spec.global]),
  };
}

function parseText(text: string, final: boolean): void {
  const rows = final ? [...parser.push(text), ...parser.end()] : parser.push(text);
  if (!store && parser.header) {
    store = new ReportStore(parser.header);
    store.setView(spec);
  }
  if (store && rows.length) store.append(rows);
}

/** Feeds decoded text, holding back the first characters until we know it is not HTML. */
function feedText(text: string, final: boolean): void {
  if (!sniffed) {
    head += text;
    if (head.trimStart().length < SNIFF_CHARS && !final) return;
    sniffed = true;
    if (looksLikeHtml(contentType, head)) {
      isHtml = true;
      return;
    }
    text = head;
    head = '';
  }
  if (!isHtml) parseText(text, final);
}

function maybeProgress(force = false): void {
  const now = performance.now();
  if (!force && now - lastProgress < PROGRESS_MS) return;
  lastProgress = now;
  if (store?.isViewStale() && now > nextViewRefresh) {
    store.refreshView();
    // Sorting a million rows takes a while: refresh less often the longer it takes.
    const took = performance.now() - now;
    nextViewRefresh = performance.now() + Math.max(VIEW_REFRESH_MS, took * 4);
  }
  post({ type: 'progress', progress: progress() });
}

function ingest(chunk: Uint8Array): void {
  if (finished || cancelled || isHtml) return;
  raw.push(chunk);
  bytes += chunk.byteLength;
  feedText(decoder.decode(chunk, { stream: true }), false);
  maybeProgress(store !== undefined && store.length > 0 && lastProgress === 0);
}

function finish(outcome: Outcome, reason?: string): void {
  if (finished) return;
  finished = true;
  if (!isHtml) feedText(decoder.decode(), true);
  if (isHtml) outcome = 'html';
  else if (outcome === 'complete' && isBlank()) outcome = 'empty';
  if (store?.isViewStale()) store.refreshView();
  post({ type: 'done', outcome, progress: progress(), reason });
}

/** No header at all, or only whitespace: nothing that could be a CSV. */
function isBlank(): boolean {
  const h = parser.header;
  return !h || (h.length === 1 && h[0]?.trim() === '' && (store?.length ?? 0) === 0);
}

async function readStream(stream: ReadableStream<Uint8Array>): Promise<void> {
  reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      ingest(value);
      if (isHtml) {
        void reader.cancel();
        break;
      }
    }
    finish(cancelled ? 'cancelled' : 'complete');
  } catch (err) {
    finish(cancelled ? 'cancelled' : 'dropped', err instanceof Error ? err.message : String(err));
  }
}

/** Sends the request (same transport semantics as the rest of the app) and streams a 2xx body. */
async function load(msg: Extract<ToWorker, { type: 'load' }>): Promise<void> {
  let response: Response;
  try {
    ({ response } = await sendAnalytics(
      msg.settings,
      'reports',
      new URLSearchParams(msg.params),
      abort.signal,
    ));
  } catch (err) {
    const known = err instanceof ConnectionError || err instanceof NetworkError;
    post({
      type: 'failed',
      message: known ? err.message : String(err),
      aborted: err instanceof NetworkError && err.kind === 'aborted',
    });
    return;
  }
  contentType = response.headers.get('content-type');
  if (!response.ok || looksLikeHtml(contentType, '')) {
    const body = (await response.text().catch(() => '')).slice(0, 4096);
    post({
      type: 'http-error',
      failure: { ...httpMeta(response), body },
    });
    return;
  }
  const length = Number(response.headers.get('content-length'));
  post({ type: 'started', contentLength: length > 0 ? length : undefined });
  await readStream(response.body ?? new Blob([]).stream());
}

function handle(msg: ToWorker): void {
  switch (msg.type) {
    case 'load':
      void load(msg);
      return;
    case 'cancel':
      cancelled = true;
      abort.abort();
      if (reader) void reader.cancel().catch(() => undefined);
      return;
    case 'view':
      spec = msg.spec;
      store?.setView(spec);
      nextViewRefresh = performance.now() + VIEW_REFRESH_MS;
      post({ type: 'progress', progress: progress() });
      return;
    case 'window':
      post({
        type: 'window',
        seq: msg.seq,
        window: store ? store.window(msg.start, msg.count) : { start: 0, rows: [], rowNumbers: [] },
        viewLength: store?.viewLength() ?? 0,
      });
      return;
    case 'chart':
      post({ type: 'chart', seq: msg.seq, data: runChart(store, msg.spec) });
      return;
    case 'summary':
      post({ type: 'summary', seq: msg.seq, result: runSummary(store, msg.spec) });
      return;
    case 'compare':
      post({ type: 'compare', seq: msg.seq, result: runCompare(store, msg.spec) });
      return;
    case 'export': {
      const out = runExport(store, msg.what === 'summary' ? msg.spec : undefined);
      post({ type: 'export', seq: msg.seq, blob: out.blob, rows: out.rows });
      return;
    }
    case 'download':
      // The exact bytes received, in order: no re-serialisation, no second request.
      post({
        type: 'download',
        seq: msg.seq,
        blob: new Blob(raw as BlobPart[], { type: 'text/csv' }),
        bytes,
      });
      return;
  }
}

ctx.onmessage = (e: MessageEvent<ToWorker>) => handle(e.data);
