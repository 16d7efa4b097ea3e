import { useCallback, useEffect, useRef, useState } from 'react';
import type { CostLimits } from '../../../shared/contracts/cost-limits.ts';
import { saveBlob } from '../../../shared/lib/save-blob.ts';
import { withRefusal, type Refusal } from '../../../shared/contracts/cost-refusal.ts';
import { exportFileName } from '../lib/file-name.ts';
import type { ExportFormat } from '../lib/page-text.ts';
import { choosePageSize } from '../lib/page-size.ts';
import type { PagedOperation } from '../lib/rewrite.ts';
import { runPages, type Progress } from '../lib/run-pages.ts';
import { sleep } from '../lib/sleep.ts';
import { openExportFile, type ExportFileClient } from './page-writer-client.ts';
import { sendPage } from './send-page.ts';

type Phase = 'idle' | 'running' | 'rate-limited' | 'stopped' | 'failed' | 'done';

export interface RunView {
  phase: Phase;
  progress: Progress;
  pageSize?: number;
  /** Seconds a 429 asked to wait (phase 'rate-limited'). */
  retryIn?: number;
  /** Why the run failed (phase 'failed'). */
  error?: string;
  /** The file saved (phase 'done'). */
  fileName?: string;
  /** The instance refused a page size over its own cost limits: what it said and the new size. */
  note?: string;
}

const START: Progress = { pages: 0, rows: 0, cursor: null };

interface Job {
  op: PagedOperation;
  /** Smaller once the instance states lower limits than the console held (kept for Resume). */
  pageSize: number;
  limits: CostLimits;
  format: ExportFormat;
  /** The file, in the export worker (opened when the export starts). */
  file: Promise<ExportFileClient>;
  headers?: Record<string, string>;
  note?: string;
}

const fmt = (x: number) => x.toLocaleString('en-US');

/** The page size under the limits a refusal states, and the note saying so. */
function resized(j: Job, refusal: Refusal[]): number | undefined {
  j.limits = withRefusal(j.limits, refusal);
  const choice = choosePageSize(j.op, j.limits);
  if (!choice.ok) return undefined;
  const stated = refusal.map((r) => `${r.kind} limit is ${fmt(r.limit)}`).join(', its ');
  j.note = `The instance's ${stated}: ${fmt(choice.size)} rows a page from here on.`;
  return choice.size;
}

/**
 * One export at a time: start (a new file), stop, resume from the last written page's cursor,
 * and save the rows so far. Each page's rows go to the file as they arrive; the file is
 * downloaded when the last page is in. Closing (unmounting) stops the run.
 */
export function useExportRun() {
  const [view, setView] = useState<RunView>({ phase: 'idle', progress: START });
  const job = useRef<Job | undefined>(undefined);
  const progress = useRef<Progress>(START);
  const abort = useRef<AbortController | undefined>(undefined);

  useEffect(() => () => abort.current?.abort(), []);

  const go = useCallback(async (j: Job, from: Progress) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setView({ phase: 'running', progress: from, pageSize: j.pageSize, note: j.note });
    const outcome = await runPages(
      j.op,
      j.pageSize,
      from,
      {
        send: (body, signal) => sendPage(body, signal, j.headers),
        sleep,
        read: async (answer) => {
          const file = await j.file;
          return answer.body instanceof ArrayBuffer
            ? file.read(answer.body)
            : { ok: false, error: 'The answer has no body.' };
        },
        write: async () => (await j.file).write(),
        resize: (refusal) => resized(j, refusal),
      },
      (e) => {
        progress.current = e.progress;
        if (e.kind === 'resized') j.pageSize = e.pageSize;
        if (controller.signal.aborted) return;
        const base = { progress: e.progress, pageSize: j.pageSize, note: j.note };
        setView(
          e.kind === 'rate-limited'
            ? { ...base, phase: 'rate-limited', retryIn: e.seconds }
            : { ...base, phase: 'running' },
        );
      },
      controller.signal,
    );
    progress.current = outcome.progress;
    if (abort.current !== controller) return; // a newer run took over
    abort.current = undefined;
    const base = { progress: outcome.progress, pageSize: j.pageSize, note: j.note };
    if (outcome.kind === 'done') {
      const fileName = exportFileName(j.op.operationName, j.op.path, j.format);
      try {
        saveBlob(await (await j.file).file(), fileName);
        setView({ ...base, phase: 'done', fileName });
      } catch (err) {
        setView({ ...base, phase: 'failed', error: (err as Error).message });
      }
    } else if (outcome.kind === 'stopped') setView({ ...base, phase: 'stopped' });
    else setView({ ...base, phase: 'failed', error: outcome.message });
  }, []);

  const start = useCallback(
    (
      op: PagedOperation,
      pageSize: number,
      limits: CostLimits,
      format: ExportFormat,
      headers?: Record<string, string>,
    ) => {
      const file = openExportFile({ format, columns: op.columns, path: op.path, rows: op.rows });
      file.catch(() => undefined); // the run reports it when it reads the first page
      const j: Job = { op, pageSize, limits, headers, format, file };
      job.current = j;
      progress.current = START;
      void go(j, START);
    },
    [go],
  );

  const resume = useCallback(() => {
    if (job.current) void go(job.current, progress.current);
  }, [go]);

  const stop = useCallback(() => abort.current?.abort(), []);

  const saveSoFar = useCallback(() => {
    const j = job.current;
    if (!j) return;
    const name = exportFileName(j.op.operationName, j.op.path, j.format, true);
    j.file
      .then((f) => f.file())
      .then(
        (blob) => saveBlob(blob, name),
        (err: unknown) => setView((v) => ({ ...v, error: (err as Error).message })),
      );
  }, []);

  return { view, start, stop, resume, saveSoFar };
}
