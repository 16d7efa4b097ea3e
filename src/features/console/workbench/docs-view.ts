/**
 * Whether the Docs panel is open and what it was last asked to do: the console's one owner of
 * both. The editors' "show in Docs" (Ctrl/Cmd-click, hover info), the search-docs command and
 * the toolbar's Docs toggle change it; `console-page.tsx` hands it to the panel as props
 * (`DocsPanelProps` from the docs door). Kept for the page's life, so Docs stay open across a
 * visit to Analytics.
 */
import { createStore, type ReadableStore } from '../../../shared/lib/store.ts';
import type { DocsRef, DocsRequest } from '../../docs/index.ts';

export interface DocsView {
  open: boolean;
  /** A request the panel has not acted on yet. */
  request?: DocsRequest;
}

const view = createStore<DocsView>({ open: false });

export const docsView: ReadableStore<DocsView> = view;

/** Opens the Docs panel at a type (and optionally one of its fields or arguments). */
export function showInDocs(ref: DocsRef): void {
  view.set({ open: true, request: { kind: 'show', ref } });
}

/** Opens the Docs panel and focuses its "Search schema" box (Shift-Ctrl-D). */
export function searchDocs(): void {
  view.set({ open: true, request: { kind: 'search' } });
}

/** The toolbar's Docs toggle and the panel's close button. Closing drops a pending request. */
export function setDocsOpen(open: boolean): void {
  view.set((v) => (open ? (v.open ? v : { open: true }) : { open: false }));
}

/** The panel acted on `request`: a newer one stays. */
export function docsRequestDone(request: DocsRequest): void {
  view.set((v) => (v.request === request ? { open: v.open } : v));
}
