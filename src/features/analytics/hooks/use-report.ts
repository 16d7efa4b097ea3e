import { useCallback, useEffect, useRef, useState } from 'react';
import { getConnection } from '../../connection/index.ts';
import type { ChartData } from '../lib/chart-data.ts';
import type { CompareResult, CompareSpec } from '../lib/compare.ts';
import type { RowWindow, ViewSpec } from '../lib/csv-store.ts';
import type { SummaryResult, SummarySpec } from '../lib/summary-spec.ts';
import {
  cancelledMessage,
  connectionLostMessage,
  describeHttpFailure,
  EMPTY_BODY_MESSAGE,
  HTML_BODY_MESSAGE,
  NO_ROWS_MESSAGE,
} from '../lib/report-errors.ts';
import type { ChartSpec, FromWorker, Outcome, Progress, ToWorker } from '../worker/protocol.ts';

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
  columns: [],
  periods: [],
  filterKey: '',
};
const INITIAL: ReportState = {
  phase: 'idle',
  progress: EMPTY_PROGRESS,
  fileName: 'report.csv',
  window: { start: 0, rows: [], rowNumbers: [] },
  viewVersion: 0,
  loadId: 0,
};

/** Rows are immutable per row number, so equal row numbers at the same start mean equal cells. */
function sameWindow(a: RowWindow, b: RowWindow): boolean {
  if (a.start !== b.start || a.rowNumbers.length !== b.rowNumbers.length) return false;
  for (let i = 0; i < a.rowNumbers.length; i++)
    if (a.rowNumbers[i] !== b.rowNumbers[i]) return false;
  return true;
}

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

/**
 * Loads a report: a new worker sends the request with the connection's transport and streams the
 * body into its store. A failed request keeps the previous report's worker and rows; a 2xx
 * replaces them.
 */
export function useReport() {
  const [state, setState] = useState<ReportState>(INITIAL);
  const worker = useRef<Worker | undefined>(undefined);
  const pendingWorker = useRef<Worker | undefined>(undefined);
  const seq = useRef(0);
  const windowSeq = useRef(0);
  const pending = useRef(new Map<number, (m: FromWorker) => void>());

  useEffect(
    () => () => {
      pendingWorker.current?.terminate();
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
      if (m.seq === windowSeq.current)
        setState((s) => (sameWindow(s.window, m.window) ? s : { ...s, window: m.window }));
    } else if ('seq' in m) {
      pending.current.get(m.seq)?.(m);
      pending.current.delete(m.seq);
    }
  }, []);

  const load = useCallback(
    (params: URLSearchParams, fileName: string, host: string) => {
      // A previous request still waiting for its answer is abandoned.
      pendingWorker.current?.terminate();
      setState((s) => ({ ...s, phase: 'requesting', error: undefined, notice: undefined }));
      // A worker whose script never arrived (a dropped connection, a server still starting) is
      // started once more before the failure is shown.
      const launch = (retries: number) => {
        const w = new Worker(new URL('../worker/report.worker.ts', import.meta.url), {
          type: 'module',
          name: 'report',
        });
        pendingWorker.current = w;
        let heard = false;
        const fail = (error: string, notice?: string) => {
          w.terminate();
          if (pendingWorker.current === w) pendingWorker.current = undefined;
          setState((s) => ({ ...s, phase: 'done', error, notice }));
        };
        w.onerror = (e) => {
          if (!e.message && !heard && retries > 0 && pendingWorker.current === w) {
            w.terminate();
            return launch(retries - 1);
          }
          fail(
            `The report worker failed (${e.message || 'could not start'}). Reload the page and try again.`,
          );
        };
        w.onmessage = (e: MessageEvent<FromWorker>) => {
          heard = true;
          const m = e.data;
          if (m.type === 'failed')
            return m.aborted
              ? fail('', 'Cancelled before the server answered; nothing was received.')
              : fail(m.message);
          if (m.type === 'http-error')
            return fail(
              m.failure.status >= 200 && m.failure.status < 300
                ? HTML_BODY_MESSAGE
                : describeHttpFailure({ ...m.failure, host }),
            );
          if (m.type === 'started') {
            // The new report replaces the old one only now that its rows are on their way.
            worker.current?.terminate();
            worker.current = w;
            pendingWorker.current = undefined;
            pending.current.clear();
            setState((s) => ({
              ...INITIAL,
              loadId: s.loadId + 1,
              phase: 'streaming',
              fileName,
              totalBytes: m.contentLength,
              viewVersion: s.viewVersion + 1,
            }));
            return;
          }
          if (worker.current === w) onMessage(m);
        };
        w.postMessage({
          type: 'load',
          // Only what the analytics request needs: the instance token never reaches the worker.
          settings: { ...getConnection(), token: '', sudoUser: '', oauth: {} },
          params: params.toString(),
        } satisfies ToWorker);
      };
      launch(1);
    },
    [onMessage],
  );

  const cancel = useCallback(() => {
    const target = pendingWorker.current ?? worker.current;
    target?.postMessage({ type: 'cancel' } satisfies ToWorker);
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

  type Answer<T extends FromWorker['type']> = Extract<FromWorker, { type: T }>;

  const chart = useCallback(
    async (spec: ChartSpec): Promise<ChartData> =>
      (await ask<Answer<'chart'>>({ type: 'chart', seq: ++seq.current, spec })).data,
    [ask],
  );

  const summary = useCallback(
    async (spec: SummarySpec): Promise<SummaryResult> =>
      (await ask<Answer<'summary'>>({ type: 'summary', seq: ++seq.current, spec })).result,
    [ask],
  );

  const compare = useCallback(
    async (spec: CompareSpec): Promise<CompareResult> =>
      (await ask<Answer<'compare'>>({ type: 'compare', seq: ++seq.current, spec })).result,
    [ask],
  );

  /** A derived CSV of the view's rows (filtered, sorted) or of the summary `spec`. */
  const exportView = useCallback(
    async (summarySpec?: SummarySpec): Promise<Blob> => {
      const msg: ToWorker & { seq: number } = summarySpec
        ? { type: 'export', seq: ++seq.current, what: 'summary', spec: summarySpec }
        : { type: 'export', seq: ++seq.current, what: 'rows' };
      return (await ask<Answer<'export'>>(msg)).blob;
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

  return {
    state,
    load,
    cancel,
    setView,
    requestWindow,
    chart,
    summary,
    compare,
    exportView,
    download,
  };
}
