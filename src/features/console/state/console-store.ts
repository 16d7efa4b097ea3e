import type { KeyValueBackend } from './backend.ts';
import { addHistoryEntry, sanitizeHistory, type HistoryEntry } from './history.ts';
import {
  addTab,
  closeTab,
  cycleTab,
  initialTabsState,
  renameTab,
  sanitizeTabsState,
  selectTab,
  updateTab,
  type ConsoleTab,
  type TabsState,
} from './tabs.ts';

/** Everything the console persists: tabs (with their text) and the run history. */
export interface ConsoleState extends TabsState {
  history: HistoryEntry[];
}

export const TABS_KEY = 'console-tabs';
export const HEADERS_KEY = 'console-headers';
export const HISTORY_KEY = 'console-history';

export interface ConsoleStoreOptions {
  /** Long-lived storage (localStorage in the app). */
  local: KeyValueBackend;
  /** Per-browser-tab storage (sessionStorage): header values live here unless the user opted in. */
  session: KeyValueBackend;
  /** True when the user opted in to "Remember on this device": header values go to `local` too. */
  remember(): boolean;
  /** Debounce of writes in ms (≤ 500 so a crash loses at most half a second of typing). */
  debounceMs?: number;
}

/** The console's tabs/history store: a tiny external store with debounced persistence. */
export interface ConsoleStore {
  getState(): ConsoleState;
  subscribe(listener: () => void): () => void;
  addTab(content?: Partial<Omit<ConsoleTab, 'id'>>): void;
  closeTab(id: string): void;
  selectTab(id: string): void;
  cycleTab(step: 1 | -1): void;
  renameTab(id: string, title: string): void;
  updateTab(id: string, patch: Partial<Omit<ConsoleTab, 'id'>>): void;
  recordRun(entry: Omit<HistoryEntry, 'id'>): void;
  clearHistory(): void;
  /** Writes pending changes now (pagehide, remember toggled). */
  flush(): void;
}

function loadState(o: ConsoleStoreOptions): ConsoleState {
  const headerSource = o.remember() ? o.local : o.session;
  const rawHeaders = headerSource.read(HEADERS_KEY);
  const headers =
    rawHeaders && typeof rawHeaders === 'object' ? (rawHeaders as Record<string, string>) : {};
  const tabs = sanitizeTabsState(o.local.read(TABS_KEY), headers) ?? initialTabsState();
  return { ...tabs, history: sanitizeHistory(o.local.read(HISTORY_KEY)) };
}

/**
 * Creates the store and loads what was saved. Tabs and history go to `local`; header values are
 * split off (they may carry secrets): `session` by default, `local` only when `remember()`.
 */
export function createConsoleStore(o: ConsoleStoreOptions): ConsoleStore {
  const debounceMs = Math.min(o.debounceMs ?? 300, 500);
  let state = loadState(o);
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const tabs = state.tabs.map(({ headers: _h, ...t }) => t);
    o.local.write(TABS_KEY, { version: 1, activeId: state.activeId, tabs });
    o.local.write(HISTORY_KEY, state.history);
    const headers: Record<string, string> = {};
    for (const t of state.tabs) if (t.headers.trim()) headers[t.id] = t.headers;
    o.session.write(HEADERS_KEY, headers);
    if (o.remember()) o.local.write(HEADERS_KEY, headers);
    else o.local.remove(HEADERS_KEY);
  }

  function set(next: ConsoleState): void {
    if (next === state) return;
    state = next;
    if (timer === undefined) timer = setTimeout(flush, debounceMs);
    for (const l of listeners) l();
  }

  function tabs(fn: (s: TabsState) => TabsState): void {
    const next = fn(state);
    if (next !== state) set({ ...next, history: state.history });
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    addTab: (content) => tabs((s) => addTab(s, content)),
    closeTab: (id) => tabs((s) => closeTab(s, id)),
    selectTab: (id) => tabs((s) => selectTab(s, id)),
    cycleTab: (step) => tabs((s) => cycleTab(s, step)),
    renameTab: (id, title) => tabs((s) => renameTab(s, id, title)),
    updateTab: (id, patch) => tabs((s) => updateTab(s, id, patch)),
    recordRun: (entry) => set({ ...state, history: addHistoryEntry(state.history, entry) }),
    clearHistory: () => set({ ...state, history: [] }),
    flush,
  };
}
