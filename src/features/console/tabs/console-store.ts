import { createStore, type Store } from '../../../shared/lib/store.ts';
import type { KeyValueBackend } from './backend.ts';
import {
  addHistoryEntry,
  historyClearedAt,
  mergeHistory,
  sanitizeHistory,
  type HistoryEntry,
} from '../collections/history.ts';
import { mergeTabs, readStoredTabs, tabsFromRecords, type TabRecord } from './tab-records.ts';
import {
  addTab,
  closeTab,
  createTab,
  cycleTab,
  initialTabsState,
  isPristineTab,
  renameTab,
  selectTab,
  updateTab,
  type ConsoleTab,
  type TabsState,
} from './tabs.ts';

/** Everything the console persists: tabs (with their text) and the run history. */
export interface ConsoleState extends TabsState {
  history: HistoryEntry[];
  /** Set while saving fails (storage full or disabled): what happened and what to do. */
  saveError?: string;
  /** How many closed tabs can be reopened (Shift-Ctrl-T). */
  closedCount: number;
}

export const TABS_KEY = 'console-tabs';
export const HEADERS_KEY = 'console-headers';
export const HISTORY_KEY = 'console-history';
/** Per browser tab (sessionStorage): its tab order and active tab. */
const VIEW_KEY = 'console-view';

/** Closed tabs kept for reopening. */
const REOPEN_LIMIT = 20;

export const SAVE_ERROR =
  'Your tabs and history could not be saved: the browser refused to store them (its storage for this site is full, or disabled). ' +
  'Everything is still open here, but would be lost when this tab closes. Clear the History or close tabs you no longer need, ' +
  'or use "Clear stored data" in Settings; saving is retried with every change.';

export interface ConsoleStoreOptions {
  /** Long-lived storage (localStorage in the app). */
  local: KeyValueBackend;
  /** Per-browser-tab storage (sessionStorage): header values live here unless the user opted in. */
  session: KeyValueBackend;
  /** True when the user opted in to "Remember on this device": header values go to `local` too. */
  remember(): boolean;
  /** Debounce of writes in ms (≤ 500 so a crash loses at most half a second of typing). */
  debounceMs?: number;
  /** The clock (tests pass their own). */
  now?: () => number;
}

/** The console's tabs/history store (src/shared/lib/store.ts) with debounced persistence. */
export interface ConsoleStore {
  getState: Store<ConsoleState>['get'];
  subscribe: Store<ConsoleState>['subscribe'];
  addTab(content?: Partial<Omit<ConsoleTab, 'id'>>): void;
  closeTab(id: string): void;
  /** Brings back the most recently closed tab (Shift-Ctrl-T), at its old place. */
  reopenClosedTab(): void;
  selectTab(id: string): void;
  cycleTab(step: 1 | -1): void;
  renameTab(id: string, title: string): void;
  updateTab(id: string, patch: Partial<Omit<ConsoleTab, 'id'>>): void;
  recordRun(entry: Omit<HistoryEntry, 'id'>): void;
  clearHistory(): void;
  /** Writes pending changes now (pagehide, remember toggled). */
  flush(): void;
}

function stringMap(raw: unknown): Record<string, string> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
}

function readView(raw: unknown): { order: string[]; activeId?: string } {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const order = Array.isArray(r.order) ? r.order.filter((x) => typeof x === 'string') : [];
  return { order, activeId: typeof r.activeId === 'string' ? r.activeId : undefined };
}

interface Loaded {
  state: ConsoleState;
  touched: Map<string, number>;
  created: Map<string, number>;
  clearedAt: number;
}

function loadState(o: ConsoleStoreOptions): Loaded {
  const headers = {
    ...stringMap(o.local.read(HEADERS_KEY)),
    ...stringMap(o.session.read(HEADERS_KEY)),
  };
  // Header values from localStorage only when "Remember" is on.
  const source = o.remember() ? headers : stringMap(o.session.read(HEADERS_KEY));
  const stored = readStoredTabs(o.local.read(TABS_KEY));
  const view = readView(o.session.read(VIEW_KEY));
  const tabs = tabsFromRecords(stored, view.order, source);
  const touched = new Map<string, number>();
  const created = new Map<string, number>();
  for (const t of tabs) {
    const record = stored.tabs[t.id];
    if (!record) continue;
    touched.set(t.id, record.updatedAt);
    created.set(t.id, record.createdAt);
  }
  const rawHistory = o.local.read(HISTORY_KEY);
  const activeId =
    [view.activeId, stored.activeId].find((id) => id && tabs.some((t) => t.id === id)) ??
    tabs[0]?.id;
  const base: TabsState = activeId ? { tabs, activeId } : initialTabsState();
  return {
    state: { ...base, history: sanitizeHistory(rawHistory), closedCount: 0 },
    touched,
    created,
    clearedAt: historyClearedAt(rawHistory),
  };
}

/**
 * Creates the store and loads what was saved. Tabs and history go to `local`, merged with what
 * other browser tabs stored (tab-records.ts); header values are split off (they may carry
 * secrets): `session` by default, `local` only when `remember()`. A failed write is reported in
 * `saveError`, never swallowed.
 */
export function createConsoleStore(o: ConsoleStoreOptions): ConsoleStore {
  const debounceMs = Math.min(o.debounceMs ?? 300, 500);
  const now = o.now ?? Date.now;
  const loaded = loadState(o);
  const store = createStore(loaded.state);
  const touched = loaded.touched;
  const created = loaded.created;
  let clearedAt = loaded.clearedAt;
  /** Tabs closed here since the last save: id → closed at. */
  let closedSinceSave: Record<string, number> = {};
  /** Closed tabs that can be reopened, newest last. */
  const closedStack: { tab: ConsoleTab; index: number }[] = [];
  /** The fresh tab that replaced the last one closed (reopening removes it if still unused). */
  let replacement: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function touch(ids: Iterable<string>): void {
    const t = now();
    for (const id of ids) {
      touched.set(id, t);
      if (!created.has(id)) created.set(id, t);
    }
  }

  function records(): TabRecord[] {
    const state = store.get();
    return state.tabs.map((t) => ({
      id: t.id,
      title: t.title,
      query: t.query,
      variables: t.variables,
      operationName: t.operationName,
      createdAt: created.get(t.id) ?? 0,
      updatedAt: touched.get(t.id) ?? 0,
    }));
  }

  function flush(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const state = store.get();
    let ok = true;
    const merged = mergeTabs(
      readStoredTabs(o.local.read(TABS_KEY)),
      records(),
      closedSinceSave,
      state.activeId,
    );
    ok = o.local.write(TABS_KEY, merged) && ok;
    const rawHistory = o.local.read(HISTORY_KEY);
    clearedAt = Math.max(clearedAt, historyClearedAt(rawHistory));
    const history = mergeHistory(sanitizeHistory(rawHistory), state.history, clearedAt);
    ok = o.local.write(HISTORY_KEY, { version: 2, clearedAt, entries: history }) && ok;
    o.session.write(VIEW_KEY, { order: state.tabs.map((t) => t.id), activeId: state.activeId });
    const mine: Record<string, string> = {};
    for (const t of state.tabs) if (t.headers.trim()) mine[t.id] = t.headers;
    o.session.write(HEADERS_KEY, mine);
    if (o.remember()) {
      // Other browser tabs' header values stay; this tab's replace theirs for its own tabs.
      const all = stringMap(o.local.read(HEADERS_KEY));
      for (const t of state.tabs) delete all[t.id];
      for (const id of Object.keys(closedSinceSave)) delete all[id];
      for (const id of Object.keys(all)) if (!merged.tabs[id]) delete all[id];
      ok = o.local.write(HEADERS_KEY, { ...all, ...mine }) && ok;
    } else o.local.remove(HEADERS_KEY);
    if (ok) closedSinceSave = {};
    const saveError = ok ? undefined : SAVE_ERROR;
    if (saveError !== state.saveError) store.set({ ...state, saveError });
  }

  /** A change by the user: stored after `debounceMs`. */
  function set(next: ConsoleState): void {
    if (next === store.get()) return;
    if (timer === undefined) timer = setTimeout(flush, debounceMs);
    store.set(next);
  }

  function tabs(fn: (s: TabsState) => TabsState, changed: (next: TabsState) => string[]): void {
    const state = store.get();
    const next = fn(state);
    if (next === state) return;
    touch(changed(next));
    set({ ...state, ...next, history: state.history });
  }

  const newIds = (next: TabsState) =>
    next.tabs.filter((t) => !store.get().tabs.some((s) => s.id === t.id)).map((t) => t.id);

  return {
    getState: store.get,
    subscribe: store.subscribe,
    addTab: (content) => tabs((s) => addTab(s, content), newIds),
    closeTab(id) {
      const state = store.get();
      const index = state.tabs.findIndex((t) => t.id === id);
      const tab = state.tabs[index];
      if (!tab) return;
      closedStack.push({ tab, index });
      if (closedStack.length > REOPEN_LIMIT) closedStack.shift();
      closedSinceSave[id] = now();
      const next = closeTab(state, id);
      replacement = state.tabs.length === 1 ? next.tabs[0]?.id : undefined;
      touch(newIds(next));
      set({ ...state, ...next, closedCount: closedStack.length });
    },
    reopenClosedTab() {
      const last = closedStack.pop();
      if (!last) return;
      delete closedSinceSave[last.tab.id];
      const { tab, index } = last;
      const state = store.get();
      const exists = state.tabs.some((t) => t.id === tab.id);
      const back = exists ? createTab({ ...tab }) : tab;
      const list = [...state.tabs];
      // A fresh untouched tab that replaced the last one closed goes away again.
      const [first] = list;
      const only =
        first &&
        list.length === 1 &&
        first.id === replacement &&
        isPristineTab(first) &&
        !first.title
          ? list.splice(0, 1)
          : [];
      list.splice(Math.min(index, list.length), 0, back);
      for (const gone of only) closedSinceSave[gone.id] = now();
      touch([back.id]);
      set({ ...state, tabs: list, activeId: back.id, closedCount: closedStack.length });
    },
    selectTab: (id) =>
      tabs(
        (s) => selectTab(s, id),
        () => [],
      ),
    cycleTab: (step) =>
      tabs(
        (s) => cycleTab(s, step),
        () => [],
      ),
    renameTab: (id, title) =>
      tabs(
        (s) => renameTab(s, id, title),
        () => [id],
      ),
    updateTab: (id, patch) =>
      tabs(
        (s) => updateTab(s, id, patch),
        () => [id],
      ),
    recordRun: (entry) =>
      set({ ...store.get(), history: addHistoryEntry(store.get().history, entry) }),
    clearHistory() {
      clearedAt = now();
      set({ ...store.get(), history: [] });
    },
    flush,
  };
}
