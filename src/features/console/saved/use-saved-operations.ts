import { useSyncExternalStore } from 'react';
import { getSavedStore, type SavedSnapshot } from './saved-store.ts';

/** Subscribes a component to the saved operations (and any storage problem). */
export function useSavedOperations(): SavedSnapshot {
  const s = getSavedStore();
  return useSyncExternalStore(s.subscribe, s.getSnapshot, s.getSnapshot);
}
