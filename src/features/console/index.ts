/**
 * The console feature's public entry. src/app and other features import console only through
 * this file; the page itself is loaded on demand with `loadConsolePage`.
 */
export { getConsoleStore } from './hooks/use-console-store.ts';
export { LAST_WRITTEN_KEY } from './hooks/use-fragment-sync.ts';
export { getSavedStore } from './saved/saved-store.ts';

/** Loads the console page's code (a separate chunk). */
export const loadConsolePage = () => import('./console-page.tsx');
