import { lazyOnce } from '../../../shared/lib/lazy-once.ts';
import { useStore } from '../../../shared/lib/store.ts';
import type * as Viewer from './response-viewer.tsx';

/**
 * The response viewer's code (CodeMirror's JSON language, fold, search) is a chunk of its own,
 * fetched once the page is idle or when a run starts, so the first response never waits for
 * it. Once loaded it is held here, so the pane renders it at once (no Suspense round).
 */
export interface ViewerState {
  module?: typeof Viewer;
  error?: Error;
}

const viewer = lazyOnce(() => import('./response-viewer.tsx'));

export const loadResponseViewer = viewer.load;

/** The viewer's module once loaded (or why it failed), re-rendering when that changes. */
export function useViewerState(): ViewerState {
  const { value, error } = useStore(viewer.state);
  return { module: value, error };
}
