import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { getConnection } from '../../connection/index.ts';
import { createRpcClient, type RpcClient } from '../../../shared/lib/worker-rpc.ts';
import type { CompareSpec } from '../lib/compare.ts';
import type { CohortPeriod } from '../lib/retention.ts';
import { afterNextPaint } from '../../../shared/lib/schedule.ts';
import { latestPerFrame } from '../lib/latest-per-frame.ts';
import { stableProgress } from '../lib/progress-shape.ts';
import type { RowWindow, ViewSpec } from '../lib/csv-store.ts';
import type { SummarySpec } from '../lib/summary-spec.ts';
import type { InstanceKey } from '../seats/lib/match-users.ts';
import {
  cancelledMessage,
  connectionLostMessage,
  describeHttpFailure,
  EMPTY_BODY_MESSAGE,
  HTML_BODY_MESSAGE,
  NO_ROWS_MESSAGE,
} from '../lib/report-errors.ts';
import type {
  ChartSpec,
  LoadEnd,
  LoadEvent,
  Outcome,
  Progress,
  ReportApi,
} from '../worker/protocol.ts';

/** What the page shows about the current (or last) report load. */
export interface ReportState {
  phase: 'idle' | 'requesting' | 'streaming' | 'done';
  outcome?: Outcome;
  progress: Progress;
  /** Expected body size from Content-Length, when the server sent one. */
  totalBytes?: number;
  error?: string;
  /** The HTTP status of the request that failed last (the page opens the service form on a 401). */
  errorStatus?: number;
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
  quotes: { InvalidQuotes: { count: 0 }, MissingQuotes: { count: 0 } },
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

/**
 * Rows asked for as a load starts, before the table knows its size: a screen and more (the table
 * asks for its own rows once they are in).
 */
const FIRST_WINDOW = 40;

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

interface ReportWorker {
  worker: Worker;
  client: RpcClient<ReportApi>;
}

function startWorker(): ReportWorker & { startError(): ErrorEvent | undefined } {
  const worker = new Worker(new URL('../worker/report.worker.ts', import.meta.url), {
    type: 'module',
    name: 'report',
  });
  let error: ErrorEvent | undefined;
  worker.addEventListener('error', (e) => (error = e));
  return {
    worker,
    client: createRpcClient<ReportApi>(() => worker, 'The report worker'),
    startError: () => error,
  };
}

/**
 * Loads a report: a new worker sends the request with the connection's transport and streams the
 * body into its store. A failed request keeps the previous report's worker and rows; a 2xx
 * replaces them. The worker's methods are in `worker/protocol.ts`.
 */
export function useReport() {
  const [state, setState] = useState<ReportState>(INITIAL);
  const current = useRef<ReportWorker | undefined>(undefined);
  const pending = useRef<ReportWorker | undefined>(undefined);
  /** The window call made last; only its answer is shown. */
  const asked = useRef(0);
  const askIds = useRef(0);

  useEffect(
    () => () => {
      pending.current?.worker.terminate();
      current.current?.worker.terminate();
    },
    [],
  );

  /**
   * Asks worker `w` for rows `start`..`start+count` of its view; the answer is shown if no other
   * call was made since (the worker holds a call until it has a row in its range).
   */
  const askWindow = useCallback((w: ReportWorker, start: number, count: number, id: number) => {
    void w.client
      .call('window', { start, count })
      .then((window) => {
        if (asked.current === id)
          setState((s) => (sameWindow(s.window, window) ? s : { ...s, window }));
      })
      .catch(() => undefined);
  }, []);

  /**
   * Progress is applied at most once per frame, as a transition (React renders it in slices
   * that yield to input); the parts that did not change keep their references, so the memoized
   * panels skip it.
   */
  const [progressQueue] = useState(() =>
    latestPerFrame<Progress>((progress) =>
      startTransition(() =>
        setState((s) => ({
          ...s,
          progress: stableProgress(s.progress, progress),
          viewVersion: s.viewVersion + 1,
        })),
      ),
    ),
  );

  const onEvent = useCallback(
    (e: LoadEvent) => {
      if (e.type === 'progress') progressQueue.push(e.progress);
    },
    [progressQueue],
  );

  const onDone = useCallback(
    (e: Extract<LoadEnd, { type: 'done' }>) => {
      progressQueue.cancel();
      setState((s) => ({
        ...s,
        phase: 'done',
        outcome: e.outcome,
        progress: stableProgress(s.progress, e.progress),
        viewVersion: s.viewVersion + 1,
        ...outcomeMessages(e.outcome, e.progress, e.reason),
      }));
    },
    [progressQueue],
  );

  const load = useCallback(
    (params: URLSearchParams, fileName: string, host: string) => {
      // A previous request still waiting for its answer is abandoned.
      pending.current?.worker.terminate();
      setState((s) => ({
        ...s,
        phase: 'requesting',
        error: undefined,
        errorStatus: undefined,
        notice: undefined,
      }));
      // A worker whose script never arrived (a dropped connection, a server still starting) is
      // started once more before the failure is shown.
      const launch = (retries: number) => {
        const w = startWorker();
        pending.current = w;
        let heard = false;
        const fail = (error: string, notice?: string, errorStatus?: number) => {
          w.worker.terminate();
          if (pending.current === w) pending.current = undefined;
          setState((s) => ({ ...s, phase: 'done', error, notice, errorStatus }));
        };
        // The first screen is asked for now, so the worker answers with the first rows as they
        // arrive; shown once this load has started (the old report's calls go on until then).
        const firstRows = ++askIds.current;
        askWindow(w, 0, FIRST_WINDOW, firstRows);
        const onProgress = (e: LoadEvent) => {
          heard = true;
          if (e.type === 'started') {
            // The new report replaces the old one only now that its rows are on their way.
            current.current?.worker.terminate();
            current.current = w;
            pending.current = undefined;
            asked.current = firstRows;
            progressQueue.cancel();
            setState((s) => ({
              ...INITIAL,
              loadId: s.loadId + 1,
              phase: 'streaming',
              fileName,
              totalBytes: e.contentLength,
              viewVersion: s.viewVersion + 1,
            }));
          } else if (current.current === w) onEvent(e);
        };
        w.client
          .call(
            'load',
            {
              // Only what the analytics request needs: the instance token never reaches the worker.
              settings: { ...getConnection(), token: '', sudoUser: '', oauth: {} },
              params: params.toString(),
            },
            { onProgress },
          )
          .then((end) => {
            if (end.type === 'done') {
              if (current.current === w) onDone(end);
            } else if (end.type === 'failed')
              return end.aborted
                ? fail('', 'Cancelled before the server answered; nothing was received.')
                : fail(end.message);
            else
              return fail(
                end.failure.status >= 200 && end.failure.status < 300
                  ? HTML_BODY_MESSAGE
                  : describeHttpFailure({ ...end.failure, host }),
                undefined,
                end.failure.status,
              );
          })
          .catch(() => {
            if (pending.current !== w && current.current !== w) return;
            const why = w.startError()?.message;
            if (!why && !heard && retries > 0 && pending.current === w) {
              w.worker.terminate();
              return launch(retries - 1);
            }
            fail(
              `The report worker failed (${why || 'could not start'}). Reload the page and try again.`,
            );
          });
      };
      launch(1);
    },
    [onEvent, onDone, progressQueue, askWindow],
  );

  const cancel = useCallback(() => {
    void (pending.current ?? current.current)?.client.call('stop', null).catch(() => undefined);
  }, []);

  const setView = useCallback(
    (spec: ViewSpec) => {
      const w = current.current;
      void w?.client
        .call('view', spec)
        .then((progress) => {
          if (current.current !== w) return;
          // A progress sent before the new view would bring the old counts back.
          progressQueue.cancel();
          setState((s) => ({
            ...s,
            progress: stableProgress(s.progress, progress),
            viewVersion: s.viewVersion + 1,
          }));
        })
        .catch(() => undefined);
    },
    [progressQueue],
  );

  const requestWindow = useCallback(
    (start: number, count: number) => {
      const w = current.current;
      if (!w) return;
      const id = ++askIds.current;
      asked.current = id;
      askWindow(w, start, count, id);
    },
    [askWindow],
  );

  const call = useCallback(
    <K extends keyof ReportApi & string>(
      method: K,
      params: ReportApi[K]['params'],
    ): Promise<ReportApi[K]['result']> => {
      const w = current.current;
      return w ? w.client.call(method, params) : Promise.reject(new Error('No report loaded yet.'));
    },
    [],
  );

  // Each progress rendered and painted lets the worker parse on: it waits for this after each
  // progress (`lib/drawn-gate.ts`), so the page's frames have the CPU. A hidden tab draws no
  // frames: it says so at once.
  const { phase, viewVersion } = state;
  useEffect(() => {
    if (phase !== 'streaming') return;
    const w = current.current;
    const drawn = () => void w?.client.call('progressDrawn', null).catch(() => undefined);
    if (document.visibilityState === 'hidden') return drawn();
    return afterNextPaint(drawn);
  }, [phase, viewVersion]);

  /** The first screen of the current report is drawn: its worker may take the CPU back. */
  const firstScreenDrawn = useCallback(() => {
    void current.current?.client.call('firstScreenDrawn', null).catch(() => undefined);
  }, []);

  const chart = useCallback((spec: ChartSpec) => call('chart', spec), [call]);
  const summary = useCallback((spec: SummarySpec) => call('summary', spec), [call]);
  const compare = useCallback((spec: CompareSpec) => call('compare', spec), [call]);
  const keyFigures = useCallback(() => call('keyFigures', null), [call]);
  const retention = useCallback((per: CohortPeriod) => call('retention', { per }), [call]);

  /** A derived CSV of the view's rows (filtered, sorted) or of the summary `spec`. */
  const exportView = useCallback(
    async (summarySpec?: SummarySpec): Promise<Blob> =>
      (
        await call(
          'export',
          summarySpec ? { what: 'summary', spec: summarySpec } : { what: 'rows' },
        )
      ).blob,
    [call],
  );

  const download = useCallback(
    async (): Promise<Blob> => (await call('download', null)).blob,
    [call],
  );

  /** Seats and adoption: the report's users joined with the instance's (`seats/`). */
  const seats = useCallback((instance: InstanceKey[]) => call('seats', instance), [call]);

  return {
    state,
    load,
    cancel,
    setView,
    requestWindow,
    firstScreenDrawn,
    chart,
    summary,
    compare,
    keyFigures,
    retention,
    exportView,
    download,
    seats,
  };
}
