/** What Settings' "Clear stored data" reaches in the console, loaded through `loadConsoleStores`. */
export { getConsoleStore } from './tabs/use-console-store.ts';
export { LAST_WRITTEN_KEY } from './tabs/use-fragment-sync.ts';
export { getSavedStore } from './collections/saved-store.ts';
