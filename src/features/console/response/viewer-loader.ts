import { createStore, useStore } from '../../../shared/lib/store.ts';
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

const state = createStore<ViewerState>({});
let loading: Promise<typeof Viewer> | undefined;

export function loadResponseViewer(): Promise<typeof Viewer> {
  loading ??= import('./response-viewer.tsx').then(
    (m) => {
      state.set({ module: m });
      return m;
    },
    (err: unknown) => {
      // A failed fetch (e.g. offline) is retried by the next call.
      loading = undefined;
      const error = err instanceof Error ? err : new Error(String(err));
      state.set({ error });
      throw error;
    },
  );
  return loading;
}

/** The viewer's module once loaded (or why it failed), re-rendering when that changes. */
export function useViewerState(): ViewerState {
  return useStore(state);
}
