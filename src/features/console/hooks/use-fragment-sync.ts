import { useEffect } from 'react';
import { decodeFragment, encodeFragment } from '../state/fragment.ts';
import { activeTab, isPristineTab, type ConsoleTab } from '../state/tabs.ts';
import type { ConsoleStore } from '../state/console-store.ts';

let applied = false;

/**
 * Opens the query a link carries (`#` + JSON, as the instance's console writes it): in the
 * current tab when that holds nothing of the user's, else in a new tab. Runs once per page load,
 * before the editors mount. Never reads tokens or headers from the URL.
 */
export function applyFragmentOnce(store: ConsoleStore, hash: string): void {
  if (applied) return;
  applied = true;
  const f = decodeFragment(hash);
  if (!f || f.query === undefined) return;
  const current = activeTab(store.getState());
  const content = { query: f.query, variables: f.variables ?? '', operationName: f.operationName };
  if (current.query === f.query && current.variables.trim() === (f.variables ?? '').trim()) return;
  if (isPristineTab(current)) store.updateTab(current.id, content);
  else store.addTab(content);
}

/** Writes the current tab's query, variables and operation name to the fragment, debounced 500 ms. */
export function useFragmentWriter(tab: ConsoleTab): void {
  const { query, variables, operationName } = tab;
  useEffect(() => {
    const t = setTimeout(() => {
      const hash = encodeFragment({ query, variables, operationName });
      const url = window.location.pathname + window.location.search + hash;
      if (url !== window.location.pathname + window.location.search + window.location.hash)
        window.history.replaceState(window.history.state, '', url);
    }, 500);
    return () => clearTimeout(t);
  }, [query, variables, operationName]);
}
