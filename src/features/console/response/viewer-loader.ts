import type * as Viewer from './response-viewer.tsx';

/**
 * The response viewer's code (CodeMirror's JSON language, fold, search) is a chunk of its own,
 * fetched once the page is idle or when a run starts, so the first response never waits for
 * it behind "Loading viewer…".
 */
let loading: Promise<typeof Viewer> | undefined;

export function loadResponseViewer(): Promise<typeof Viewer> {
  // A failed fetch (e.g. offline) is retried by the next call.
  loading ??= import('./response-viewer.tsx').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}
