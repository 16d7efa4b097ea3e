import { useCallback, useEffect, useRef, useState } from 'react';
import { saveBlob } from '../../../shared/lib/save-blob.ts';
import { ExportFile, exportFileName } from '../lib/export-file.ts';
import type { ExportFormat } from '../lib/page-text.ts';
import type { PagedOperation } from '../lib/rewrite.ts';
import { runPages, type Progress } from '../lib/run-pages.ts';
import { sleep } from '../lib/sleep.ts';
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
}

const START: Progress = { pages: 0, rows: 0, cursor: null };

interface Job {
  op: PagedOperation;
  pageSize: number;
  file: ExportFile;
  headers?: Record<string, string>;
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
    setView({ phase: 'running', progress: from, pageSize: j.pageSize });
    const outcome = await runPages(
      j.op,
      j.pageSize,
      from,
      {
        send: (body, signal) => sendPage(body, signal, j.headers),
        sleep,
        write: (rows) => j.file.write(rows),
      },
      (e) => {
        progress.current = e.progress;
        if (controller.signal.aborted) return;
        setView(
          e.kind === 'page'
            ? { phase: 'running', progress: e.progress, pageSize: j.pageSize }
            : {
                phase: 'rate-limited',
                progress: e.progress,
                pageSize: j.pageSize,
                retryIn: e.seconds,
              },
        );
      },
      controller.signal,
    );
    progress.current = outcome.progress;
    if (abort.current !== controller) return; // a newer run took over
    abort.current = undefined;
    const base = { progress: outcome.progress, pageSize: j.pageSize };
    if (outcome.kind === 'done') {
      const fileName = exportFileName(j.op.operationName, j.op.path, j.file.format);
      saveBlob(j.file.blob(), fileName);
      setView({ ...base, phase: 'done', fileName });
    } else if (outcome.kind === 'stopped') setView({ ...base, phase: 'stopped' });
    else setView({ ...base, phase: 'failed', error: outcome.message });
  }, []);

  const start = useCallback(
    (
      op: PagedOperation,
      pageSize: number,
      format: ExportFormat,
      headers?: Record<string, string>,
    ) => {
      job.current = { op, pageSize, headers, file: new ExportFile(format, op.columns) };
      progress.current = START;
      void go(job.current, START);
    },
    [go],
  );

  const resume = useCallback(() => {
    if (job.current) void go(job.current, progress.current);
  }, [go]);

  const stop = useCallback(() => abort.current?.abort(), []);

  const saveSoFar = useCallback(() => {
    const j = job.current;
    if (j)
      saveBlob(j.file.blob(), exportFileName(j.op.operationName, j.op.path, j.file.format, true));
  }, []);

  return { view, start, stop, resume, saveSoFar };
}
