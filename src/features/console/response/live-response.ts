import type { Text } from '@codemirror/state';
import { useSyncExternalStore } from 'react';

/**
 * The display text of the response still arriving (one run at a time: a new run aborts the
 * previous one). Shown by the response pane while its tab's run is in progress; cleared when
 * the run settles and its result takes over (state/responses.ts).
 */
let live: Text | undefined;
const listeners = new Set<() => void>();

export function setLiveResponse(doc: Text | undefined): void {
  if (doc === live) return;
  live = doc;
  for (const l of listeners) l();
}

/** The response text received so far, re-rendering as more arrives. */
export function useLiveResponse(): Text | undefined {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => live,
  );
}
