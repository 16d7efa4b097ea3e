import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../../shared/ui/error-boundary.tsx';
import { loadDocsPanel, type DocsPanelProps } from '../../docs/index.ts';

// The Docs panel is its own chunk: fetched once a schema starts loading (prefetchDocs), or the
// first time it opens, whichever comes first; never part of the first load.
const importDocs = loadDocsPanel;
let docsChunk: ReturnType<typeof importDocs> | undefined;
const loadDocs = () => (docsChunk ??= importDocs());
const DocsPanel = lazy(loadDocs);

/**
 * Starts fetching the Docs chunk, so that opening Docs after connecting does not wait for it
 * behind the introspection response on a busy server. A failed fetch is forgotten, so that
 * opening the panel tries again and its error boundary shows the failure.
 */
export function prefetchDocs(): void {
  loadDocs().catch(() => {
    docsChunk = undefined;
  });
}

/** The docs feature's DocsPanel, lazy, inside its own error boundary. */
export function DocsSlot(props: DocsPanelProps) {
  return (
    <ErrorBoundary name="Docs">
      <Suspense fallback={<p className="placeholder">Loading Docs…</p>}>
        <DocsPanel {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
