import type { ReportState } from '../hooks/use-report.ts';
import { formatBytes } from '../../../shared/lib/format-bytes.ts';
import { formatRows, quoteMessage, raggedMessage } from '../lib/report-errors.ts';

/** Progress bar (bytes and rows), Cancel, and the load's messages: error, notice, warnings. */
export function ReportStatus({ state, onCancel }: { state: ReportState; onCancel(): void }) {
  const { progress: p, phase } = state;
  const active = phase === 'requesting' || phase === 'streaming';
  const label =
    phase === 'requesting'
      ? 'Waiting for the server…'
      : `${formatRows(p.rows)} · ${formatBytes(p.bytes)}${
          state.totalBytes ? ` of ${formatBytes(state.totalBytes)}` : ''
        }${phase === 'streaming' ? ' received' : ''}`;
  // Without a Content-Length the bar is full and striped while active (size unknown).
  const percent = state.totalBytes ? Math.min(100, (p.bytes / state.totalBytes) * 100) : 100;
  // Quote problems first: a record read on past one is often also a ragged row.
  const warnings: string[] = [];
  for (const code of ['InvalidQuotes', 'MissingQuotes'] as const)
    if (p.quotes[code].count > 0) warnings.push(quoteMessage(code, p.quotes[code]));
  if (p.ragged.count > 0)
    warnings.push(
      raggedMessage(
        p.ragged.count,
        p.ragged.firstLine,
        p.ragged.firstFieldCount,
        p.header?.length ?? 0,
      ),
    );
  return (
    <div className="an-status">
      {phase !== 'idle' && (
        <div className="an-row">
          {/* Not a native <progress>: its indeterminate animation repaints every frame. */}
          <div
            className="an-progress"
            role="progressbar"
            aria-label="Report download progress"
            aria-valuetext={label}
            aria-valuemin={state.totalBytes ? 0 : undefined}
            aria-valuemax={state.totalBytes}
            aria-valuenow={state.totalBytes ? p.bytes : undefined}
            data-state={active ? 'active' : 'done'}
          >
            <div style={{ width: `${percent}%` }} />
          </div>
          <span className="an-hint">{label}</span>
          {active && (
            <button type="button" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      )}
      {state.error && (
        <p className="an-error an-box" role="alert">
          {state.error}
        </p>
      )}
      {state.notice && (
        <p className="an-box" role="status">
          {state.notice}
        </p>
      )}
      {warnings.map((w) => (
        <p key={w} className="an-warn an-box" role="status">
          {w}
        </p>
      ))}
    </div>
  );
}
