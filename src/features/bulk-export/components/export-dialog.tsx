import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ExportDialogProps } from '../export-props.ts';
import { connectionAt, connectionLabel } from '../lib/connections.ts';
import type { ExportFormat } from '../lib/page-text.ts';
import { describeSize, listKey, listsIn, planExport } from '../lib/plan.ts';
import { useExportRun } from '../hooks/use-export-run.ts';
import { ExportStatus } from './export-status.tsx';
import '../bulk-export.css';

/**
 * "Export all pages": pick a list of the query and a format, then the rows of every page go to
 * one file (CSV or NDJSON) within the instance's cost limits. Mounted while open; closing it
 * stops a running export.
 */
export function ExportDialog(p: ExportDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const schema = p.getSchema();
  const lists = useMemo(() => listsIn(p.query, schema), [p.query, schema]);
  const [picked, setPicked] = useState<string>();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const run = useExportRun();

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const list = lists.ok
    ? (lists.lists.find((l) => listKey(l) === picked) ??
      (p.cursorOffset !== undefined ? connectionAt(lists.lists, p.cursorOffset) : undefined) ??
      lists.lists[0])
    : undefined;
  const plan = useMemo(
    () => (list && schema ? planExport(p.query, list, schema, p.variables, p.limits) : undefined),
    [list, schema, p.query, p.variables, p.limits],
  );
  const busy = run.view.phase === 'running' || run.view.phase === 'rate-limited';
  const canResume = run.view.phase === 'stopped' || run.view.phase === 'failed';
  const several = lists.ok && new Set(lists.lists.map((l) => l.operation)).size > 1;

  return (
    <dialog
      ref={ref}
      className="shortcuts-dialog export-dialog"
      aria-labelledby={`${id}-title`}
      onClose={p.onClose}
    >
      <h2 id={`${id}-title`}>Export all pages</h2>
      {p.problem || !lists.ok ? (
        <p role="alert" className="status-error">
          {p.problem ?? (!lists.ok && lists.error)}
        </p>
      ) : (
        <>
          <label className="field">
            <span>List to export</span>
            <select
              value={list && listKey(list)}
              disabled={busy}
              onChange={(e) => setPicked(e.target.value)}
            >
              {lists.lists.map((l) => (
                <option key={listKey(l)} value={listKey(l)}>
                  {connectionLabel(l, several)} ({l.typeName})
                </option>
              ))}
            </select>
          </label>
          <fieldset className="export-format" disabled={busy}>
            <legend>Format</legend>
            {(['csv', 'ndjson'] as const).map((f) => (
              <label key={f}>
                <input
                  type="radio"
                  name={`${id}-format`}
                  value={f}
                  checked={format === f}
                  onChange={() => setFormat(f)}
                />
                {f.toUpperCase()}
              </label>
            ))}
          </fieldset>
          {plan && !plan.ok && (
            <p role="alert" className="status-error">
              {plan.error}
            </p>
          )}
          {plan?.ok && (
            <p className="status-muted export-plan">
              {describeSize(plan.size)}; {plan.op.columns.length} column
              {plan.op.columns.length === 1 ? '' : 's'}:{' '}
              {plan.op.columns.map((c) => c.name).join(', ')}
            </p>
          )}
          <ExportStatus view={run.view} />
        </>
      )}
      <div className="dialog-actions">
        {!busy && (
          <button
            type="button"
            className="primary"
            disabled={!plan?.ok || !!p.problem}
            onClick={() =>
              plan?.ok && run.start(plan.op, plan.size.size, p.limits, format, p.headers)
            }
          >
            Start export
          </button>
        )}
        {busy && (
          <button type="button" className="danger" onClick={run.stop}>
            Stop
          </button>
        )}
        {canResume && (
          <button type="button" onClick={run.resume}>
            Resume
          </button>
        )}
        {canResume && run.view.progress.rows > 0 && (
          <button type="button" onClick={run.saveSoFar}>
            Save rows so far
          </button>
        )}
        <button type="button" onClick={p.onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
