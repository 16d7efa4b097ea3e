/**
 * Request tracing for the sandbox instance, as a real instance does it (server/sandbox/instance/README.md): a
 * request that sends `X-Sourcegraph-Should-Trace: true` (or `?trace=1`) is traced, and the answer
 * carries `X-Trace` (trace id), `X-Trace-Span` (span id) and `X-Trace-URL` (a page showing the
 * trace). The sandbox records the phases of the request with their durations in a bounded
 * in-memory store and serves each trace as a small HTML page (everything in it escaped).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

/** The path of a trace's page; the id follows. Modelled on a Jaeger URL template. */
export const TRACE_PAGE_PREFIX = '/-/debug/jaeger/trace/';
/** How many recent traces the sandbox keeps. */
const TRACE_STORE_CAPACITY = 200;

interface TracePhase {
  name: string;
  /** Milliseconds from the start of the request. */
  startMs: number;
  durationMs: number;
  note?: string;
}

export interface TraceRecord {
  traceId: string;
  spanId: string;
  /** Epoch milliseconds. */
  startedAt: number;
  /** The request name from the URL (`?Name`), or `unknown`. */
  requestName: string;
  operationName?: string;
  status?: number;
  durationMs?: number;
  phases: TracePhase[];
}

/** Ends a phase, with an optional note (e.g. `cached`). */
export type EndPhase = (note?: string) => void;

/** Records one request. */
export class Tracer {
  private readonly t0 = performance.now();
  constructor(readonly record: TraceRecord) {}

  /** Starts a phase; call the returned function when it ends. */
  begin(name: string): EndPhase {
    const start = performance.now();
    return (note) => {
      const end = performance.now();
      this.record.phases.push({
        name,
        startMs: start - this.t0,
        durationMs: end - start,
        ...(note ? { note } : {}),
      });
    };
  }

  finish(status: number): void {
    this.record.status = status;
    this.record.durationMs = performance.now() - this.t0;
  }
}

/** A tracer that records nothing, for requests that did not ask to be traced. */
export const NO_TRACE: Pick<Tracer, 'begin'> = { begin: () => () => {} };

/** The most recent traces, oldest dropped first. */
export class TraceStore {
  private readonly traces = new Map<string, TraceRecord>();
  constructor(private readonly capacity = TRACE_STORE_CAPACITY) {}

  start(requestName: string): Tracer {
    const record: TraceRecord = {
      traceId: randomBytes(16).toString('hex'),
      spanId: randomBytes(8).toString('hex'),
      startedAt: Date.now(),
      requestName,
      phases: [],
    };
    this.traces.set(record.traceId, record);
    if (this.traces.size > this.capacity) this.traces.delete(this.traces.keys().next().value!);
    return new Tracer(record);
  }

  get(traceId: string): TraceRecord | undefined {
    return this.traces.get(traceId);
  }
}

/** Whether the request opts into tracing: the header, or `trace=1` in the URL's query. */
function wantsTrace(req: IncomingMessage, url: URL): boolean {
  const h = req.headers['x-sourcegraph-should-trace'];
  const value = Array.isArray(h) ? h[0] : h;
  if (value !== undefined) return value === 'true' || value === '1';
  const q = url.searchParams.get('trace');
  return q === '1' || q === 'true';
}

/**
 * Starts tracing `req` if it asks for it: sets the three response headers and records the
 * status and total time when the response finishes. Returns undefined for untraced requests.
 */
export function startTrace(
  store: TraceStore,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  baseUrl: string,
  requestName: string,
): Tracer | undefined {
  if (!wantsTrace(req, url)) return undefined;
  const tracer = store.start(requestName);
  const { traceId, spanId } = tracer.record;
  res.setHeader('X-Trace', traceId);
  res.setHeader('X-Trace-Span', spanId);
  res.setHeader('X-Trace-URL', `${baseUrl}${TRACE_PAGE_PREFIX}${traceId}`);
  // 'close' also comes when the client goes away before the answer is complete.
  res.on('close', () => tracer.finish(res.statusCode));
  return tracer;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function ms(n: number | undefined): string {
  return n === undefined ? '…' : `${n.toFixed(2)} ms`;
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)} - Sourcegraph (sandbox)</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}td.num{text-align:right}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** The trace page: ids, request, status, total time and a table of phases. */
export function renderTracePage(r: TraceRecord): string {
  const rows = r.phases
    .map(
      (p) =>
        `<tr><td>${escapeHtml(p.name)}</td><td class="num">${ms(p.startMs)}</td>` +
        `<td class="num">${ms(p.durationMs)}</td><td>${escapeHtml(p.note ?? '')}</td></tr>`,
    )
    .join('\n');
  return page(
    `Trace ${r.traceId}`,
    `<h1>Trace <code>${escapeHtml(r.traceId)}</code></h1>
<dl>
<dt>Span</dt><dd><code>${escapeHtml(r.spanId)}</code></dd>
<dt>Request</dt><dd>POST /.api/graphql?${escapeHtml(r.requestName)}</dd>
<dt>Operation</dt><dd>${escapeHtml(r.operationName ?? '(none)')}</dd>
<dt>Started</dt><dd>${escapeHtml(new Date(r.startedAt).toISOString())}</dd>
<dt>Status</dt><dd>${r.status === undefined ? 'in progress' : `status ${r.status}`}</dd>
<dt>Duration</dt><dd>${ms(r.durationMs)}</dd>
</dl>
<table aria-label="Phases">
<thead><tr><th>Phase</th><th>Start</th><th>Duration</th><th>Note</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`,
  );
}

/** Serves `GET {TRACE_PAGE_PREFIX}<id>`: the trace, or a 404 page naming the unknown id. */
export function serveTracePage(store: TraceStore, path: string, res: ServerResponse): void {
  let id = path.slice(TRACE_PAGE_PREFIX.length);
  try {
    id = decodeURIComponent(id);
  } catch {
    // A malformed escape: show the id as it came.
  }
  const record = store.get(id);
  const html = record
    ? renderTracePage(record)
    : page(
        'Trace not found',
        `<h1>Trace not found</h1><p>No trace <code>${escapeHtml(id)}</code>: the sandbox keeps the ${TRACE_STORE_CAPACITY} most recent traces, in memory only.</p>`,
      );
  res.writeHead(record ? 200 : 404, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'Content-Length': Buffer.byteLength(html),
  });
  res.end(html);
}
