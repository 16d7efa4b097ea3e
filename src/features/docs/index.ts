/**
 * The docs feature's public entry. Other features import docs only through this file; the panel
 * itself is loaded on demand with `loadDocsPanel`.
 */
export { openDocsSearch, showInDocs, useDocsOpen } from './docs-nav.ts';
export type { QueryBridge } from './query-access.ts';

/** Loads the Docs panel's code (a separate chunk). */
export const loadDocsPanel = () => import('./docs-panel.tsx');
