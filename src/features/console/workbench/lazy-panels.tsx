import type { ComponentType } from 'react';
import { ErrorBoundary } from '../../../shared/ui/error-boundary.tsx';
import { loadable } from '../../../shared/ui/loadable.tsx';
import { loadExportDialog } from '../../bulk-export/index.ts';

/**
 * The History and Saved panels, the Save and Shortcuts dialogs and the confirmation bars, each a
 * chunk of its own: the console opens with all of them closed, so their code stays out of the first load. `prefetchPanels` requests
 * them once the first screen is up, so that opening one shows it in the click's own frame (not
 * `React.lazy`, whose Suspense boundary holds them back 300 ms: src/shared/ui/loadable.tsx).
 */
const panels = {
  history: loadable(() => import('../collections/history-panel.tsx').then((m) => m.HistoryPanel)),
  saved: loadable(() => import('../collections/saved-panel.tsx').then((m) => m.SavedPanel)),
  save: loadable(() => import('../collections/save-dialog.tsx').then((m) => m.SaveDialog)),
  shortcuts: loadable(() =>
    import('../commands/shortcuts-dialog.tsx').then((m) => m.ShortcutsDialog),
  ),
  costConfirm: loadable(() => import('../run/cost-confirm.tsx').then((m) => m.CostConfirmBar)),
  productionConfirm: loadable(() =>
    import('../run/production-confirm.tsx').then((m) => m.ProductionConfirmBar),
  ),
  // Its first estimate waits for the GraphQL tools anyway; until it is in, an empty line of the
  // same height holds its place (no shift).
  requestOptions: loadable(() =>
    import('../run/request-options.tsx').then((m) => m.RequestOptions),
  ),
  compareRuns: loadable(() =>
    import('../response/compare/compare-runs-button.tsx').then((m) => m.CompareRunsButton),
  ),
  costMeter: loadable(
    () => import('../run/cost-meter.tsx').then((m) => m.CostMeter),
    <section aria-label="Query cost" className="cost-meter" />,
  ),
};

/**
 * "Export all pages" (the bulk-export feature's dialog, with graphql-js and papaparse): requested
 * when opened, not ahead, as few open it; its code and the console's slot for it load at once.
 */
const exportDialog = loadable(() =>
  Promise.all([import('../run/export-slot.tsx'), loadExportDialog()]).then(async ([m]) => {
    await m.preloadExportDialog();
    return m.ExportSlot;
  }),
);

export function prefetchPanels(): void {
  for (const panel of Object.values(panels)) void panel.preload().catch(() => undefined);
}

/** The panel in an error boundary of its own: a chunk that fails to load breaks only it. */
function inBoundary<P extends object>(name: string, Panel: ComponentType<P>) {
  return function Bounded(props: P) {
    return (
      <ErrorBoundary name={name}>
        <Panel {...props} />
      </ErrorBoundary>
    );
  };
}

export const HistoryPanel = inBoundary('History', panels.history.Component);
export const SavedPanel = inBoundary('Saved operations', panels.saved.Component);
export const SaveDialog = inBoundary('Save', panels.save.Component);
export const ShortcutsDialog = inBoundary('Shortcuts', panels.shortcuts.Component);
export const CostConfirmBar = inBoundary('Cost check', panels.costConfirm.Component);
export const ProductionConfirmBar = inBoundary(
  'Production check',
  panels.productionConfirm.Component,
);
export const ExportDialog = inBoundary('Export all pages', exportDialog.Component);
export const CostMeter = inBoundary('Query cost', panels.costMeter.Component);
export const RequestOptions = inBoundary('Request options', panels.requestOptions.Component);
export const CompareRunsButton = inBoundary('Compare runs', panels.compareRuns.Component);
