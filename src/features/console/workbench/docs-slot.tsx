import { useMemo } from 'react';
import { ErrorBoundary } from '../../../shared/ui/error-boundary.tsx';
import { loadable } from '../../../shared/ui/loadable.tsx';
import { loadDocsPanel, type DocsPanelProps } from '../../docs/index.ts';
import type { BridgeSources } from '../query-bridge.ts';

/**
 * The Docs panel's props, with what its query bridge is built over instead of the bridge; the
 * upgrade check's operations come from the console's stores and the same query editor.
 */
export type DocsSlotProps = Omit<DocsPanelProps, 'bridge' | 'upgrade'> & {
  bridgeSources: BridgeSources;
};

// The Docs panel is its own chunk: fetched once a schema starts loading (prefetchDocs), or the
// first time it opens, whichever comes first; never part of the first load. Not `lazy` in a
// Suspense boundary (src/shared/ui/loadable.tsx): React would hold Query's fields back until
// 300 ms after the fallback showed when the schema arrives soon after Docs are opened.
// The query bridge (and the JSON reading it needs for variables) and the upgrade check's
// operations (the Diagnostics recipes' text) come with it: only Docs use them.
const docs = loadable<DocsSlotProps>(
  () =>
    Promise.all([
      loadDocsPanel(),
      import('../query-bridge.ts'),
      import('./upgrade-sources.ts'),
    ]).then(([panel, b, u]) => {
      const DocsPanel = panel.default;
      return function DocsWithBridge({ bridgeSources, ...props }: DocsSlotProps) {
        const bridge = useMemo(() => b.createQueryBridge(bridgeSources), [bridgeSources]);
        const upgrade = useMemo(() => u.createUpgradeSources(bridgeSources), [bridgeSources]);
        return <DocsPanel {...props} bridge={bridge} upgrade={upgrade} />;
      };
    }),
  <p className="placeholder">Loading Docs…</p>,
);

/**
 * Starts fetching the Docs chunk, so that opening Docs after connecting does not wait for it
 * behind the introspection response on a busy server. A failed fetch is forgotten, so that
 * opening the panel tries again and its error boundary shows the failure.
 */
export function prefetchDocs(): void {
  docs.preload().catch(() => undefined);
}

/** The docs feature's DocsPanel, loaded on demand, inside its own error boundary. */
export function DocsSlot(props: DocsSlotProps) {
  return (
    <ErrorBoundary name="Docs">
      <docs.Component {...props} />
    </ErrorBoundary>
  );
}
