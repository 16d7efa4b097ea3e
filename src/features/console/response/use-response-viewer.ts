import { useEffect, useSyncExternalStore } from 'react';
import {
  getViewerState,
  loadResponseViewer,
  subscribeViewer,
  type ViewerState,
} from './viewer-loader.ts';

/**
 * The response viewer's module once loaded (or why it failed). Fetches it when the page is idle
 * after the first render, or at once when `needed`.
 */
export function useResponseViewer(needed: boolean): ViewerState {
  const state = useSyncExternalStore(subscribeViewer, getViewerState);
  const missing = !state.module;
  useEffect(() => {
    if (!missing) return;
    const load = () => void loadResponseViewer().catch(() => {});
    if (needed) {
      load();
      return;
    }
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(load, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(load, 200);
    return () => clearTimeout(id);
  }, [missing, needed]);
  return state;
}
