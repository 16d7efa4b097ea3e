import { statusLine } from '../../../shared/api/status-line.ts';
import { formatBytes } from '../../../shared/lib/format-bytes.ts';
import type { RunResult } from './responses.ts';
import { TraceStatus } from './lazy-details.tsx';

function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** HTTP status, time and size of the last run, and its trace when the instance traced it. */
export function StatusBar({ result, running }: { result?: RunResult; running: boolean }) {
  if (running)
    return (
      <p className="status-bar" aria-live="polite">
        Running…
      </p>
    );
  if (!result || result.status === undefined) return <p className="status-bar" />;
  const ok = result.status >= 200 && result.status < 300;
  return (
    <dl className="status-bar" aria-label="Response status">
      <dt>Status</dt>
      <dd className={ok ? 'status-ok' : 'status-error'}>{statusLine(result.status)}</dd>
      {result.ms !== undefined && (
        <>
          <dt>Time</dt>
          <dd>{formatMs(result.ms)}</dd>
        </>
      )}
      {result.size !== undefined && (
        <>
          <dt>Size</dt>
          <dd>{formatBytes(result.size)}</dd>
        </>
      )}
      {result.trace && <TraceStatus trace={result.trace} />}
    </dl>
  );
}
