import { useState } from 'react';
import { ErrorBoundary } from '../../../../shared/ui/error-boundary.tsx';
import { loadable } from '../../../../shared/ui/loadable.tsx';
import { useKeptRuns } from '../responses.ts';

/** The dialog and the diff's client are a chunk of their own, fetched on hover or first click. */
const dialog = loadable(() => import('./compare-runs-dialog.tsx').then((m) => m.CompareRunsDialog));

/**
 * Button "Compare runs" in the response's strip, once the tab has two kept runs
 * (`responses.ts`); it opens dialog "Compare runs".
 */
export function CompareRunsButton({ tabId }: { tabId: string }) {
  const runs = useKeptRuns(tabId);
  const [open, setOpen] = useState(false);
  if (runs.length < 2) return null;
  return (
    <>
      <button
        type="button"
        className="link-button compare-runs-button"
        aria-haspopup="dialog"
        title="Compare two of this tab's last runs: the values added, removed or changed, by JSON path"
        onPointerEnter={() => void dialog.preload().catch(() => undefined)}
        onClick={() => setOpen(true)}
      >
        Compare runs
      </button>
      {open && (
        <ErrorBoundary name="Compare runs">
          <dialog.Component runs={runs} onClose={() => setOpen(false)} />
        </ErrorBoundary>
      )}
    </>
  );
}
