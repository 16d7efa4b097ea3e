import type { KeyboardEvent, ReactNode } from 'react';
import { readJson, writeJson } from '../../../shared/lib/storage.ts';
import { createStore, useStore } from '../../../shared/lib/store.ts';
import './response-views.css';

/**
 * Tabs "JSON" and "Table" of region "Response": how the response is shown. The choice is the
 * user's, kept for every console tab and across reloads (as the bottom pane's tab is).
 */
export type ResponseView = 'json' | 'table';

const VIEWS: readonly { id: ResponseView; label: string; title: string }[] = [
  { id: 'json', label: 'JSON', title: 'The response as formatted JSON' },
  { id: 'table', label: 'Table', title: "The response's first list of objects as a table" },
];

const KEY = 'layout:response-view';
const view = createStore<ResponseView>(() =>
  readJson<unknown>(KEY, 'json') === 'table' ? 'table' : 'json',
);

function choose(next: ResponseView): void {
  view.set(next);
  writeJson(KEY, next);
}

export function useResponseView(): ResponseView {
  return useStore(view);
}

/** The ids that tie a tab to its panel, from the pane's `useId()`. */
function viewIds(base: string, v: ResponseView): { tab: string; panel: string } {
  return { tab: `${base}-view-${v}`, panel: `${base}-view-panel-${v}` };
}

/** The tab strip; ArrowLeft / ArrowRight move between the tabs and show the one focused. */
export function ResponseViewTabs({ idBase }: { idBase: string }) {
  const shown = useResponseView();
  function onKeyDown(e: KeyboardEvent, index: number) {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = VIEWS[(index + step + VIEWS.length) % VIEWS.length]!.id;
    choose(next);
    document.getElementById(viewIds(idBase, next).tab)?.focus();
  }
  return (
    <div role="tablist" aria-label="Response view" className="strip-tabs">
      {VIEWS.map((v, i) => (
        <button
          key={v.id}
          type="button"
          role="tab"
          id={viewIds(idBase, v.id).tab}
          aria-selected={v.id === shown}
          aria-controls={viewIds(idBase, v.id).panel}
          tabIndex={v.id === shown ? 0 : -1}
          title={v.title}
          onClick={() => choose(v.id)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {v.label}
        </button>
      ))}
    </div>
  );
}

/** A view's panel: labelled by its tab, hidden (not unmounted) while another view is shown. */
export function ResponseViewPanel({
  idBase,
  view: v,
  children,
}: {
  idBase: string;
  view: ResponseView;
  children: ReactNode;
}) {
  const shown = useResponseView();
  const ids = viewIds(idBase, v);
  return (
    <div
      role="tabpanel"
      id={ids.panel}
      aria-labelledby={ids.tab}
      className="response-view-panel"
      hidden={shown !== v}
    >
      {children}
    </div>
  );
}
