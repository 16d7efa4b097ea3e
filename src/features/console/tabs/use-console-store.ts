import { useState } from 'react';
import { readJson, removeKey, writeJson } from '../../../shared/lib/storage.ts';
import { useStore } from '../../../shared/lib/store.ts';
import { getConnection } from '../../connection/index.ts';
import type { KeyValueBackend } from './backend.ts';
import { createConsoleStore, type ConsoleState, type ConsoleStore } from './console-store.ts';
import { createTabLabels, type TabLabel } from './tab-labels.ts';
import { activeTab, type ConsoleTab } from './tabs.ts';

function appBackend(kind: 'local' | 'session'): KeyValueBackend {
  return {
    read: (key) => readJson<unknown>(key, undefined, kind),
    write: (key, value) => writeJson(key, value, kind),
    remove: (key) => removeKey(key, kind),
  };
}

let store: ConsoleStore | undefined;

/** The page's one tabs/history store, persisted through storage.ts and flushed on pagehide. */
export function getConsoleStore(): ConsoleStore {
  if (!store) {
    const s = createConsoleStore({
      local: appBackend('local'),
      session: appBackend('session'),
      remember: () => getConnection().remember,
      debounceMs: 300,
    });
    window.addEventListener('pagehide', () => s.flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') s.flush();
    });
    store = s;
  }
  return store;
}

/**
 * Subscribes a component to one part of the tabs/history state: it re-renders only when `select`
 * returns something else (`Object.is`). `select` runs on every change (each keystroke in an
 * editor), so it must be cheap and return a value it already returned for the same input.
 */
export function useConsoleSelector<S>(select: (state: ConsoleState) => S): S {
  const s = getConsoleStore();
  return useStore({ get: s.getState, subscribe: s.subscribe }, select);
}

/** One field of the active tab (its text, its picked operation…). */
export function useActiveTabField<K extends keyof ConsoleTab>(key: K): ConsoleTab[K] {
  return useConsoleSelector((s) => activeTab(s)[key]);
}

/** The tab bar's labels; a keystroke re-renders the subscriber only when a label changes. */
export function useTabLabels(): TabLabel[] {
  const [select] = useState(() => {
    const labels = createTabLabels();
    return (s: ConsoleState) => labels(s.tabs);
  });
  return useConsoleSelector(select);
}
