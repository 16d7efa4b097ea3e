/**
 * The analytics feature's public entry. src/app imports analytics only through this file; the
 * page itself is loaded on demand with `loadAnalyticsPage`.
 */

/** Loads the Analytics page's code (a separate chunk). */
export const loadAnalyticsPage = () => import('./analytics-page.tsx');

/** Settings' "Clear stored data" counts and clears the saved views through this (a chunk). */
export const loadSavedViewsStorage = () => import('./saved-views-storage.ts');
