/**
 * The docs feature's public entry. Other features import docs only through this file; the panel
 * itself is loaded on demand with `loadDocsPanel` and gets all it needs as props (`docs-props.ts`).
 */
export type { DocsPanelProps, DocsRef, DocsRequest } from './docs-props.ts';
export type { QueryBridge } from './query-access.ts';
export type { OperationLocation, UpgradeOperation, UpgradeSources } from './upgrade-props.ts';

/** Loads the Docs panel's code (a separate chunk). */
export const loadDocsPanel = () => import('./docs-panel.tsx');
