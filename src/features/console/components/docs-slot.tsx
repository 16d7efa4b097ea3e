import { useEffect, useState, type ComponentType } from 'react';
import { ErrorBoundary } from '../../../shared/ui/error-boundary.tsx';
import { loadDocsPanel, type DocsPanelProps } from '../../docs/index.ts';

type Panel = ComponentType<DocsPanelProps>;

// The Docs panel is its own chunk: fetched once a schema starts loading (prefetchDocs), or the
// first time it opens, whichever comes first; never part of the first load.
let docsChunk: Promise<Panel> | undefined;
/** The panel once its chunk is in, so that opening Docs again renders it at once. */
let loaded: Panel | undefined;
const loadDocs = () =>
  (docsChunk ??= loadDocsPanel().then((m) => {
    loaded = m.default;
    return m.default;
  }));

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

/**
 * The panel once its chunk is in, a placeholder until then. Not `lazy` in a Suspense boundary:
 * React holds content that replaces a Suspense fallback until 300 ms after the fallback showed,
 * which kept Query's fields off screen when the schema arrived soon after Docs were opened.
 */
function LoadedDocs(props: DocsPanelProps) {
  const [panel, setPanel] = useState<{ Panel?: Panel; error?: Error }>(() => ({ Panel: loaded }));
  const { Panel, error } = panel;
  useEffect(() => {
    if (Panel) return;
    let live = true;
    loadDocs().then(
      (p) => live && setPanel({ Panel: p }),
      (err: Error) => {
        docsChunk = undefined;
        if (live) setPanel({ error: err });
      },
    );
    return () => {
      live = false;
    };
  }, [Panel]);
  if (error) throw error; // the error boundary says so and offers to try again
  return Panel ? <Panel {...props} /> : <p className="placeholder">Loading Docs…</p>;
}

/** The docs feature's DocsPanel, loaded on demand, inside its own error boundary. */
export function DocsSlot(props: DocsPanelProps) {
  return (
    <ErrorBoundary name="Docs">
      <LoadedDocs {...props} />
    </ErrorBoundary>
  );
}
