import { onOtherTabChange, readJson, removeKey } from '../../shared/lib/storage.ts';

/**
 * Where the analytics page's saved views live (localStorage, through
 * `src/shared/lib/storage.ts`), and the two things done to them from outside the page: counted
 * and cleared by Settings' "Clear stored data". A clear is heard by this page as well as by
 * other browser tabs, so no page goes on listing views that are gone.
 */
export const SAVED_VIEWS_KEY = 'analytics-views';

const clearedHere = new Set<() => void>();

/** Calls `listener` when the stored views change in another tab or are cleared in this one. */
export function onSavedViewsChange(listener: () => void): () => void {
  clearedHere.add(listener);
  const off = onOtherTabChange(SAVED_VIEWS_KEY, listener);
  return () => {
    clearedHere.delete(listener);
    off();
  };
}

/** How many views are stored (entries of the stored list; unreadable storage counts none). */
export function countSavedViews(): number {
  const stored = readJson<unknown>(SAVED_VIEWS_KEY, []);
  return Array.isArray(stored) ? stored.length : 0;
}

/** Removes every saved view of this browser. */
export function clearSavedViews(): void {
  removeKey(SAVED_VIEWS_KEY);
  for (const listener of clearedHere) listener();
}
