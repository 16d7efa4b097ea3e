import type { ReportState } from '../hooks/use-report.ts';
import { formatBytes, formatRows, raggedMessage } from '../lib/report-errors.ts';

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
  const warnings: string[] = [];
  if (p.ragged.count > 0)
    warnings.push(
      raggedMessage(
        p.ragged.count,
        p.ragged.firstLine,
        p.ragged.firstFieldCount,
        p.header?.length ?? 0,
      ),
    );
  if (p.unterminatedQuote)
    warnings.push(
      'The file ends inside a quoted field (a missing closing "): the last row may be incomplete.',
    );
  return (
    <div className="an-status">
      {phase !== 'idle' && (
        <div className="an-row">
          <progress
            aria-label="Report download progress"
            aria-valuetext={label}
            max={state.totalBytes ?? undefined}
            value={active && !state.totalBytes ? undefined : state.totalBytes ? p.bytes : 1}
          />
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
