import type { RunView } from '../hooks/use-export-run.ts';

const n = (x: number) => x.toLocaleString('en-US');

function rowsText(v: RunView): string {
  const { rows, total } = v.progress;
  return total !== undefined ? `${n(rows)} of ${n(total)} rows` : `${n(rows)} rows`;
}

function pagesText(v: RunView): string {
  const { pages, total } = v.progress;
  const of =
    total !== undefined && v.pageSize ? ` of ${n(Math.max(1, Math.ceil(total / v.pageSize)))}` : '';
  return `page${pages === 1 && !of ? '' : 's'} ${n(pages)}${of}`;
}

/** The instance's messages often end without a full stop. */
const sentence = (s: string) => (/[.!?…]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

/** The status line's text for each phase. */
export function statusText(v: RunView): string {
  const pages = v.progress.pages;
  switch (v.phase) {
    case 'idle':
      return '';
    case 'running':
      return pages === 0 ? 'Asking for the first page…' : `${rowsText(v)}, ${pagesText(v)}.`;
    case 'rate-limited':
      return `Rate limited (429): asking for page ${n(pages + 1)} again in ${n(v.retryIn ?? 0)} s. ${rowsText(v)} so far.`;
    case 'stopped':
      return `Stopped after ${rowsText(v)} (${n(pages)} pages). Resume continues from there.`;
    case 'failed':
      return `${sentence(v.error ?? 'Failed')} ${rowsText(v)} so far; Resume asks for page ${n(pages + 1)} again.`;
    case 'done':
      return `Done: ${n(v.progress.rows)} rows in ${n(pages)} pages, saved as ${v.fileName ?? 'a file'}.`;
  }
}

/**
 * The progress bar (rows of the list's totalCount; indeterminate without one) and the status
 * line, there from the start (empty) so that screen readers follow its changes; a failure is
 * also an alert.
 */
export function ExportStatus({ view }: { view: RunView }) {
  const { rows, total } = view.progress;
  const known = total !== undefined && total > 0;
  // Without a total the bar moves only while pages come (indeterminate), else it stands still.
  const running = view.phase === 'running' || view.phase === 'rate-limited';
  return (
    <div className="export-status">
      {view.phase !== 'idle' && (
        <progress
          aria-label="Export progress"
          max={known ? total : undefined}
          value={
            known ? Math.min(rows, total) : running ? undefined : view.phase === 'done' ? 1 : 0
          }
          aria-valuetext={rowsText(view)}
        />
      )}
      {view.note && <p className="status-muted">{view.note}</p>}
      <p role="status" className="status-muted">
        {view.phase === 'failed' ? '' : statusText(view)}
      </p>
      {view.phase === 'failed' && (
        <p role="alert" className="status-error">
          {statusText(view)}
        </p>
      )}
    </div>
  );
}
