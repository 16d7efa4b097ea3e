/** What Settings' "Clear stored data" reaches in the console, loaded through `loadConsoleStores`. */
export { getConsoleStore } from './hooks/use-console-store.ts';
export { LAST_WRITTEN_KEY } from './hooks/use-fragment-sync.ts';
export { getSavedStore } from './saved/saved-store.ts';
