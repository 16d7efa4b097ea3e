import { useEffect } from 'react';
import { readJson, writeJson } from '../../../shared/lib/storage.ts';
import { decodeFragment, encodeFragment } from './fragment.ts';
import { activeTab, isPristineTab, type ConsoleTab } from './tabs.ts';
import type { ConsoleStore } from './console-store.ts';

/** Session list of URL fragments this page wrote (each holds a query): cleared with stored data. */
export const LAST_WRITTEN_KEY = 'console-fragments-written';
let applied = false;

function recentlyWritten(): string[] {
  const list = readJson<unknown>(LAST_WRITTEN_KEY, [], 'session');
  return Array.isArray(list) ? list.filter((h): h is string => typeof h === 'string') : [];
}

function sameJson(a: string, b: string): boolean {
  if (a.trim() === b.trim()) return true;
  try {
    return JSON.stringify(JSON.parse(a || '{}')) === JSON.stringify(JSON.parse(b || '{}'));
  } catch {
    return false;
  }
}

/**
 * Opens the query a link carries (`#` + JSON, as the instance's console writes it): in the
 * current tab when that holds nothing of the user's, else in a new tab. Runs once per page load,
 * before the editors mount. Never reads tokens or headers from the URL.
 */
export function applyFragmentOnce(store: ConsoleStore, hash: string): void {
  if (applied) return;
  applied = true;
  // A reload of a page whose fragment this console wrote itself: the stored tabs are newer.
  // (A list: a debounced write can land after a reload has already picked the URL.)
  if (hash && recentlyWritten().includes(hash)) return;
  const f = decodeFragment(hash);
  if (!f || f.query === undefined) return;
  if (isPristineTab({ query: f.query, variables: f.variables ?? '' })) return;
  const state = store.getState();
  const current = activeTab(state);
  const content = { query: f.query, variables: f.variables ?? '', operationName: f.operationName };
  // Reloading a page whose fragment this console wrote: the tab is already there.
  const same = state.tabs.find(
    (t) => t.query === f.query && sameJson(t.variables, content.variables),
  );
  if (same) return store.selectTab(same.id);
  if (isPristineTab(current)) store.updateTab(current.id, content);
  else store.addTab(content);
}

type Shared = Pick<ConsoleTab, 'query' | 'variables' | 'operationName'>;

/**
 * Writes a tab's shareable state to the fragment now (history.replaceState: no new entry). A tab
 * holding only the default query (or nothing) has no fragment: the console's own address stays
 * plain until there is something worth sharing.
 */
function writeFragment(tab: Shared): void {
  const base = window.location.pathname + window.location.search;
  const url = base + (isPristineTab(tab) ? '' : encodeFragment(tab));
  if (url === base + window.location.hash) return;
  window.history.replaceState(window.history.state, '', url);
  writeJson(LAST_WRITTEN_KEY, [window.location.hash, ...recentlyWritten()].slice(0, 10), 'session');
}

/**
 * Writes the current tab's query, variables and operation name to the fragment, debounced
 * 500 ms. Listens to the store itself: a keystroke re-renders nothing for it.
 */
export function useFragmentWriter(store: ConsoleStore): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: Shared | undefined;
    function schedule() {
      const { query, variables, operationName } = activeTab(store.getState());
      if (
        pending?.query === query &&
        pending.variables === variables &&
        pending.operationName === operationName
      )
        return;
      const next = { query, variables, operationName };
      pending = next;
      clearTimeout(timer);
      timer = setTimeout(() => writeFragment(next), 500);
    }
    schedule();
    const unsubscribe = store.subscribe(schedule);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store]);
}
