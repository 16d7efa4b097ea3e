import { createStore, useStore } from '../../shared/lib/store.ts';

/** A place in the schema the Docs panel can show. */
export interface DocsRef {
  type: string;
  field?: string;
  arg?: string;
}

const open = createStore(false);
const targetListeners = new Set<(ref: DocsRef) => void>();
const searchListeners = new Set<() => void>();
let pendingTarget: DocsRef | undefined;
let pendingSearch = false;

function setOpenState(next: boolean): void {
  open.set(next);
}

/** Opens the Docs panel at a type (and optionally one of its fields or arguments). */
export function showInDocs(ref: DocsRef): void {
  setOpenState(true);
  if (targetListeners.size === 0) pendingTarget = ref;
  for (const l of targetListeners) l(ref);
}

/** Opens the Docs panel and focuses its "Search schema" box (Ctrl/Cmd-K). */
export function openDocsSearch(): void {
  setOpenState(true);
  if (searchListeners.size === 0) pendingSearch = true;
  for (const l of searchListeners) l();
}

/** Whether the Docs panel is open, and a setter (the toolbar's "Docs" toggle). */
export function useDocsOpen(): [boolean, (open: boolean) => void] {
  return [useStore(open), setOpenState];
}

/** For the panel: receive showInDocs targets (a pending one is delivered at once). */
export function onDocsTarget(listener: (ref: DocsRef) => void): () => void {
  targetListeners.add(listener);
  if (pendingTarget) {
    const ref = pendingTarget;
    pendingTarget = undefined;
    listener(ref);
  }
  return () => targetListeners.delete(listener);
}

/** For the panel: receive openDocsSearch requests (a pending one is delivered at once). */
export function onDocsSearch(listener: () => void): () => void {
  searchListeners.add(listener);
  if (pendingSearch) {
    pendingSearch = false;
    listener();
  }
  return () => searchListeners.delete(listener);
}
