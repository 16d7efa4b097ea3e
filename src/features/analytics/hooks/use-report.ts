import { useCallback, useEffect, useRef, useState } from 'react';
import { NetworkError } from '../../../shared/api/http.ts';
import { getConnection } from '../../connection/connection-store.ts';
import { ConnectionError, sendAnalytics } from '../../connection/transport.ts';
import type { Aggregate, GroupMode, RowWindow, ViewSpec } from '../lib/csv-store.ts';
import {
  cancelledMessage,
  connectionLostMessage,
  describeHttpFailure,
  EMPTY_BODY_MESSAGE,
  HTML_BODY_MESSAGE,
  looksLikeHtml,
  NO_ROWS_MESSAGE,
  RELAY_ERROR_HEADER,
} from '../lib/report-errors.ts';
import type { FromWorker, Outcome, Progress, ToWorker } from '../worker/protocol.ts';

/** What the page shows about the current (or last) report load. */
export interface ReportState {
  phase: 'idle' | 'requesting' | 'streaming' | 'done';
  outcome?: Outcome;
  progress: Progress;
  /** Expected body size from Content-Length, when the server sent one. */
  totalBytes?: number;
  error?: string;
  notice?: string;
  /** File name for Download CSV (of the rows shown). */
  fileName: string;
  window: RowWindow;
  /** Bumped whenever the set or order of rows in the view may have changed. */
  viewVersion: number;
  /** Identifies the worker of the current report (a new one per successful load). */
  loadId: number;
}

const EMPTY_PROGRESS: Progress = {
  bytes: 0,
  rows: 0,
  header: undefined,
  types: [],
  viewLength: 0,
  ragged: { count: 0 },
  unterminatedQuote: false,
};
const INITIAL: ReportState = {
  phase: 'idle',
  progress: EMPTY_PROGRESS,
  fileName: 'report.csv',
  window: { start: 0, rows: [], rowNumbers: [] },
  viewVersion: 0,
  loadId: 0,
};

function outcomeMessages(outcome: Outcome, p: Progress, reason?: string): Partial<ReportState> {
  switch (outcome) {
    case 'complete':
      return p.rows === 0 ? { notice: NO_ROWS_MESSAGE } : {};
    case 'empty':
      return { error: EMPTY_BODY_MESSAGE };
    case 'html':
      return { error: HTML_BODY_MESSAGE };
    case 'cancelled':
      return { notice: cancelledMessage(p.rows, p.bytes) };
    case 'dropped':
      return { error: connectionLostMessage(p.rows, p.bytes, reason) };
  }
}

/** Pumps a body into the worker chunk by chunk (browsers that cannot transfer streams). */
async function pump(body: ReadableStream<Uint8Array>, worker: Worker): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const copy = value.slice().buffer;
      worker.postMessage({ type: 'chunk', buffer: copy } satisfies ToWorker, [copy]);
    }
    worker.postMessage({ type: 'end' } satisfies ToWorker);
  } catch (err) {
    worker.postMessage({ type: 'fail', reason: String(err) } satisfies ToWorker);
  }
}

/**
 * Loads a report through the connection's transport and streams its body into a report worker.
 * A failed request keeps the previous report's rows; a 2xx replaces them.
 */
export function useReport() {
  const [state, setState] = useState<ReportState>(INITIAL);
  const worker = useRef<Worker | undefined>(undefined);
  const abort = useRef<AbortController | undefined>(undefined);
  const seq = useRef(0);
  const windowSeq = useRef(0);
  const pending = useRef(new Map<number, (m: FromWorker) => void>());

  useEffect(
    () => () => {
      abort.current?.abort();
      worker.current?.terminate();
    },
    [],
  );

  const onMessage = useCallback((m: FromWorker) => {
    if (m.type === 'progress')
      setState((s) => ({ ...s, progress: m.progress, viewVersion: s.viewVersion + 1 }));
    else if (m.type === 'done')
      setState((s) => ({
        ...s,
        phase: 'done',
        outcome: m.outcome,
        progress: m.progress,
        viewVersion: s.viewVersion + 1,
        ...outcomeMessages(m.outcome, m.progress, m.reason),
      }));
    else if (m.type === 'window') {
      if (m.seq === windowSeq.current) setState((s) => ({ ...s, window: m.window }));
    } else {
      pending.current.get(m.seq)?.(m);
      pending.current.delete(m.seq);
    }
  }, []);

  const startWorker = useCallback(
    (response: Response, fileName: string) => {
      worker.current?.terminate();
      const w = new Worker(new URL('../worker/report.worker.ts', import.meta.url), {
        type: 'module',
        name: 'report',
      });
      worker.current = w;
      w.onmessage = (e: MessageEvent<FromWorker>) => onMessage(e.data);
      w.onerror = (e) =>
        setState((s) => ({
          ...s,
          phase: 'done',
          error: `The report worker failed (${e.message || 'could not start'}). Reload the page and try again.`,
        }));
      const length = Number(response.headers.get('content-length'));
      setState((s) => ({
        ...INITIAL,
        loadId: s.loadId + 1,
        phase: 'streaming',
        fileName,
        totalBytes: Number.isFinite(length) && length > 0 ? length : undefined,
        viewVersion: s.viewVersion + 1,
      }));
      const body = response.body ?? new Blob([]).stream();
      const contentType = response.headers.get('content-type');
      try {
        w.postMessage({ type: 'start', contentType, stream: body } satisfies ToWorker, [body]);
      } catch {
        w.postMessage({ type: 'start', contentType } satisfies ToWorker);
        void pump(body, w);
      }
    },
    [onMessage],
  );

  const load = useCallback(
    async (params: URLSearchParams, fileName: string, host: string) => {
      abort.current?.abort();
      const ctl = new AbortController();
      abort.current = ctl;
      setState((s) => ({ ...s, phase: 'requesting', error: undefined, notice: undefined }));
      const fail = (error: string, notice?: string) =>
        setState((s) => ({ ...s, phase: 'done', error, notice }));
      let response: Response;
      try {
        ({ response } = await sendAnalytics(getConnection(), 'reports', params, ctl.signal));
      } catch (err) {
        if (err instanceof NetworkError && err.kind === 'aborted')
          return fail('', 'Cancelled before the server answered; nothing was received.');
        if (err instanceof ConnectionError || err instanceof NetworkError) return fail(err.message);
        throw err;
      }
      const contentType = response.headers.get('content-type');
      if (!response.ok || looksLikeHtml(contentType, '')) {
        const body = (await response.text().catch(() => '')).slice(0, 4096);
        return fail(
          response.ok
            ? HTML_BODY_MESSAGE
            : describeHttpFailure({
                status: response.status,
                contentType,
                body,
                retryAfter: response.headers.get('retry-after'),
                relayError: response.headers.has(RELAY_ERROR_HEADER),
                host,
              }),
        );
      }
      startWorker(response, fileName);
    },
    [startWorker],
  );

  const cancel = useCallback(() => {
    worker.current?.postMessage({ type: 'cancel' } satisfies ToWorker);
    abort.current?.abort();
  }, []);

  const setView = useCallback((spec: ViewSpec) => {
    worker.current?.postMessage({ type: 'view', spec } satisfies ToWorker);
  }, []);

  const requestWindow = useCallback((start: number, count: number) => {
    windowSeq.current = ++seq.current;
    worker.current?.postMessage({
      type: 'window',
      seq: windowSeq.current,
      start,
      count,
    } satisfies ToWorker);
  }, []);

  const ask = useCallback(<T extends FromWorker>(msg: ToWorker & { seq: number }) => {
    return new Promise<T>((resolve, reject) => {
      if (!worker.current) return reject(new Error('No report loaded yet.'));
      pending.current.set(msg.seq, (m) => resolve(m as T));
      worker.current.postMessage(msg);
    });
  }, []);

  const aggregate = useCallback(
    async (metric: number, group: number, mode: GroupMode): Promise<Aggregate> => {
      const m = await ask<Extract<FromWorker, { type: 'aggregate' }>>({
        type: 'aggregate',
        seq: ++seq.current,
        metric,
        group,
        mode,
      });
      return m.data;
    },
    [ask],
  );

  const download = useCallback(async (): Promise<Blob> => {
    const m = await ask<Extract<FromWorker, { type: 'download' }>>({
      type: 'download',
      seq: ++seq.current,
    });
    return m.blob;
  }, [ask]);

  return { state, load, cancel, setView, requestWindow, aggregate, download };
}
