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

let state: ViewerState = {};
let loading: Promise<typeof Viewer> | undefined;
const listeners = new Set<() => void>();

function set(next: ViewerState): void {
  state = next;
  for (const l of listeners) l();
}

export function loadResponseViewer(): Promise<typeof Viewer> {
  loading ??= import('./response-viewer.tsx').then(
    (m) => {
      set({ module: m });
      return m;
    },
    (err: unknown) => {
      // A failed fetch (e.g. offline) is retried by the next call.
      loading = undefined;
      const error = err instanceof Error ? err : new Error(String(err));
      set({ error });
      throw error;
    },
  );
  return loading;
}

export function subscribeViewer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getViewerState(): ViewerState {
  return state;
}
