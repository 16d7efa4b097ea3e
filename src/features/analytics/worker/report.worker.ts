/// <reference lib="webworker" />
/**
 * The report worker: reads the CSV body (a transferred ReadableStream, or chunks posted by the
 * page), keeps the exact bytes for Download CSV, parses with papaparse chunk by chunk, stores
 * the rows columnar, and answers window / view / aggregate requests. One worker per load.
 */
import { ReportStore, type ViewSpec } from '../lib/csv-store.ts';
import { CsvChunkParser } from '../lib/csv-stream.ts';
import { looksLikeHtml } from '../lib/report-errors.ts';
import type { FromWorker, Outcome, Progress, ToWorker } from './protocol.ts';

const ctx = self as unknown as DedicatedWorkerGlobalScope;
const PROGRESS_MS = 100;
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
let cancelled = false;
let finished = false;
let head = '';
let sniffed = false;
let isHtml = false;
let lastProgress = 0;
let lastViewRefresh = 0;

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
  if (store?.isViewStale() && now - lastViewRefresh > VIEW_REFRESH_MS) {
    store.refreshView();
    lastViewRefresh = performance.now();
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
  return !h || (h.length === 1 && h[0].trim() === '' && (store?.length ?? 0) === 0);
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

function handle(msg: ToWorker): void {
  switch (msg.type) {
    case 'start':
      contentType = msg.contentType;
      if (msg.stream) void readStream(msg.stream);
      return;
    case 'chunk':
      ingest(new Uint8Array(msg.buffer));
      return;
    case 'end':
      finish(cancelled ? 'cancelled' : 'complete');
      return;
    case 'fail':
      finish(cancelled ? 'cancelled' : 'dropped', msg.reason);
      return;
    case 'cancel':
      cancelled = true;
      if (reader) void reader.cancel().catch(() => undefined);
      else finish('cancelled');
      return;
    case 'view':
      spec = msg.spec;
      store?.setView(spec);
      lastViewRefresh = performance.now();
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
    case 'aggregate':
      post({
        type: 'aggregate',
        seq: msg.seq,
        data: store ? store.aggregate(msg.metric, msg.group, msg.mode) : { labels: [], values: [] },
      });
      return;
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
