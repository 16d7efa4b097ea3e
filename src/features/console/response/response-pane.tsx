import { useId, type ReactNode } from 'react';
import { ResponseViewPanel, ResponseViewTabs } from './response-view-tabs.tsx';
import { TablePanel } from './table/table-panel.tsx';
import { useResponseViewer } from './use-response-viewer.ts';
import { useLiveResponse, type RunResult } from './responses.ts';
import { ResponseErrors, ResponseHeaders } from './lazy-details.tsx';
import { StatusBar } from './status-bar.tsx';

interface Props {
  result?: RunResult;
  running: boolean;
  onLocate(line: number, column: number): void;
  /** Controls at the end of the view strip ("Compare runs"). */
  actions?: ReactNode;
}

/** Region "Response": status line, a clear message for each failure kind, errors, the body. */
export function ResponsePane({ result, running, onLocate, actions }: Props) {
  const body = result?.body;
  const notice = body?.notice;
  // While a run streams in, the text received so far; then the finished result.
  const live = useLiveResponse();
  const shown = running && live ? { doc: live, language: 'json' as const } : body;
  // CodeMirror for the response is not part of the page's first load (viewer-loader.ts).
  const viewer = useResponseViewer(!!shown);
  const views = useId();
  return (
    <section className="response-pane" role="region" aria-label="Response">
      {/* Response views: tabs "JSON" and "Table" (response/response-view-tabs.tsx). */}
      <div className="response-view-strip">
        <ResponseViewTabs idBase={views} />
        {actions}
      </div>
      {!running && result?.headers && <ResponseHeaders headers={result.headers} />}
      {!running && !result && (
        <p className="placeholder">Run a query (Ctrl/Cmd-Enter) to see the response here.</p>
      )}
      {!running && result?.failure && (
        <div
          role="alert"
          className={`notice ${result.failure.kind === 'aborted' ? 'notice-warning' : 'notice-error'}`}
        >
          <strong>{result.failure.message}</strong>
        </div>
      )}
      {!running && notice && (
        <div
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={`notice notice-${notice.tone}`}
        >
          <strong>{notice.title}</strong>
          {notice.detail && <p>{notice.detail}</p>}
        </div>
      )}
      {!running && body && (
        <ResponseErrors errors={body.errors} total={body.errorCount} onLocate={onLocate} />
      )}
      <ResponseViewPanel idBase={views} view="json">
        {shown &&
          shown.doc.length > 0 &&
          (viewer.module ? (
            <viewer.module.ResponseViewer doc={shown.doc} language={shown.language} />
          ) : viewer.error ? (
            <p role="alert" className="notice notice-error">
              The response viewer could not be loaded ({viewer.error.message}). Reload the page to
              try again.
            </p>
          ) : (
            <p className="placeholder">Loading viewer…</p>
          ))}
      </ResponseViewPanel>
      <TablePanel idBase={views} result={result} running={running} />
      {/* End of the response views. */}
      {/* Under the response, in line with the editor's cost line. */}
      <div className="response-fill" />
      <StatusBar result={result} running={running} />
    </section>
  );
}
