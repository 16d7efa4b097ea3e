import { lazy, Suspense } from 'react';
import { ErrorBoundary } from '../../../shared/ui/error-boundary.tsx';
import type { QueryBridge } from '../query-bridge.ts';

// The Docs panel is its own chunk, loaded the first time it opens.
const DocsPanel = lazy(() => import('../../docs/docs-panel.tsx'));

/** The docs helper's DocsPanel, lazy, inside its own error boundary. */
export function DocsSlot({ bridge }: { bridge: QueryBridge }) {
  return (
    <ErrorBoundary name="Docs">
      <Suspense fallback={<p className="placeholder">Loading Docs…</p>}>
        <DocsPanel bridge={bridge} />
      </Suspense>
    </ErrorBoundary>
  );
}
