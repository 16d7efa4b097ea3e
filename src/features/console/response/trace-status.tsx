import { useState } from 'react';
import type { TraceInfo } from './trace-info.ts';
import '../run/request-extras.css';

/**
 * The trace of a traced response, beside status, time and size: the id (with a copy button)
 * and "Open trace…" to the instance's trace page when it sent a link.
 */
export function TraceStatus({ trace }: { trace: TraceInfo }) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  function copy(id: string) {
    navigator.clipboard.writeText(id).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  }
  return (
    <>
      <dt>Trace</dt>
      <dd className="trace-status">
        {trace.id && (
          <>
            <code title={trace.span ? `span ${trace.span}` : undefined}>{trace.id}</code>
            <button
              type="button"
              className="link-button"
              onClick={() => copy(trace.id!)}
              aria-label="Copy trace ID"
            >
              {copied === 'yes' ? 'Copied' : 'Copy'}
            </button>
            {copied === 'failed' && (
              <span className="status-error">The browser blocked the clipboard: select the id</span>
            )}
          </>
        )}
        {trace.url && (
          <a href={trace.url} target="_blank" rel="noopener noreferrer">
            Open trace…
          </a>
        )}
      </dd>
    </>
  );
}
