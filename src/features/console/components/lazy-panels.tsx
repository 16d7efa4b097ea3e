import { lazy, Suspense, type ComponentType } from 'react';

/**
 * The History and Saved panels and the Save dialog, each a chunk of its own: the console opens
 * with all three closed, so their code stays out of the first load. `prefetchPanels` requests
 * them once the first screen is up, so opening one later does not wait for the network.
 */
const loaders = {
  history: () => import('./history-panel.tsx'),
  saved: () => import('./saved-panel.tsx'),
  save: () => import('./save-dialog.tsx'),
};

export function prefetchPanels(): void {
  for (const load of Object.values(loaders)) void load().catch(() => undefined);
}

/** A lazy component that renders nothing while its code arrives (a frame at most once fetched). */
function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(() => load().then((c) => ({ default: c })));
  return function Panel(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

export const HistoryPanel = lazyPanel(() => loaders.history().then((m) => m.HistoryPanel));
export const SavedPanel = lazyPanel(() => loaders.saved().then((m) => m.SavedPanel));
export const SaveDialog = lazyPanel(() => loaders.save().then((m) => m.SaveDialog));
