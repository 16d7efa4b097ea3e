import { useEffect } from 'react';
import { whenIdle } from '../../../shared/lib/schedule.ts';
import { preloadResponseDetails } from './lazy-details.tsx';
import { loadResponseReader } from './read-response-loader.ts';
import { loadResponseViewer, useViewerState, type ViewerState } from './viewer-loader.ts';

/** After the first render, how long the page waits before fetching the viewer in idle time. */
const PRELOAD_AFTER_MS = 1000;

/**
 * The response viewer's module once loaded (or why it failed). Fetches it, and the response
 * worker's client, in idle time a second after the first render; the module at once when
 * `needed`. The worker itself starts with a run (`use-run-operation.ts`): started here, its
 * thread and heap would stay for the life of a page that may never run a big query.
 */
export function useResponseViewer(needed: boolean): ViewerState {
  const state = useViewerState();
  const missing = !state.module;
  useEffect(() => {
    if (!missing) return;
    const load = () => void loadResponseViewer().catch(() => {});
    if (needed) {
      load();
      return;
    }
    // Not before the editors are up: the page's first load stays as small as it can be.
    let cancelIdle: (() => void) | undefined;
    const timer = setTimeout(() => {
      const preload = () => {
        load();
        preloadResponseDetails();
        loadResponseReader().catch(() => undefined); // a run loads it again and reports a failure
      };
      cancelIdle = whenIdle(preload, 2000);
    }, PRELOAD_AFTER_MS);
    return () => {
      clearTimeout(timer);
      cancelIdle?.();
    };
  }, [missing, needed]);
  return state;
}
