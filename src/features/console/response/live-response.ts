import type { Text } from '@codemirror/state';
import { createStore, useStore } from '../../../shared/lib/store.ts';

/**
 * The display text of the response still arriving (one run at a time: a new run aborts the
 * previous one). Shown by the response pane while its tab's run is in progress; cleared when
 * the run settles and its result takes over (response/responses.ts).
 */
const live = createStore<Text | undefined>(undefined);

export function setLiveResponse(doc: Text | undefined): void {
  live.set(doc);
}

/** The response text received so far, re-rendering as more arrives. */
export function useLiveResponse(): Text | undefined {
  return useStore(live);
}
