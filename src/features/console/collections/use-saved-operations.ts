import { useStore } from '../../../shared/lib/store.ts';
import { getSavedStore, type SavedSnapshot } from './saved-store.ts';

/** Subscribes a component to the saved operations (and any storage problem). */
export function useSavedOperations(): SavedSnapshot {
  const s = getSavedStore();
  return useStore({ get: s.getSnapshot, subscribe: s.subscribe });
}
