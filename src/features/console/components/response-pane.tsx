import { lazy, Suspense } from 'react';
import type { RunResult } from '../state/responses.ts';
import { ResponseErrors } from './response-errors.tsx';
import { ResponseHeaders } from './response-headers.tsx';
import { StatusBar } from './status-bar.tsx';

// CodeMirror for the response loads with the first response, not with the page.
const ResponseViewer = lazy(() =>
  import('../response/response-viewer.tsx').then((m) => ({ default: m.ResponseViewer })),
);

interface Props {
  result?: RunResult;
  running: boolean;
  onLocate(line: number, column: number): void;
}

/** Region "Response": status line, a clear message for each failure kind, errors, the body. */
export function ResponsePane({ result, running, onLocate }: Props) {
  const body = result?.body;
  const notice = body?.notice;
  return (
    <section className="response-pane" role="region" aria-label="Response">
      <StatusBar result={result} running={running} />
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
      {body && body.doc.length > 0 && (
        <Suspense fallback={<p className="placeholder">Loading viewer…</p>}>
          <ResponseViewer doc={body.doc} language={body.language} />
        </Suspense>
      )}
    </section>
  );
}
