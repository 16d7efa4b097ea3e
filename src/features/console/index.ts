/**
 * The console feature's public entry. src/app and other features import console only through
 * this file. It holds no console code itself, only loaders, so src/app imports it statically
 * and the console page's chunk is requested in one step (not this file first, the page after)
 * while /analytics loads none of the console's code.
 */

/** Loads the console page's code (a chunk of its own). */
export const loadConsolePage = () => import('./console-page.tsx');

/** Loads the console's stores (for Settings' "Clear stored data"; shared with the page). */
export const loadConsoleStores = () => import('./stores.ts');
