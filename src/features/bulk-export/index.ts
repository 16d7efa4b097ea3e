/**
 * The bulk-export feature's public entry: "Export all pages" of a list (any connection) to CSV
 * or NDJSON, within the instance's cost limits. The dialog is a chunk of its own, loaded when
 * opened; the console gives it what it needs as props (`export-props.ts`).
 */
/** Loads the "Export all pages" dialog's code (a separate chunk). */
export const loadExportDialog = () => import('./components/export-dialog.tsx');
