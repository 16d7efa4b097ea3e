import { DEFAULT_QUERY } from './default-query.ts';

/** One console tab: its own query, variables, headers and picked operation. */
export interface ConsoleTab {
  id: string;
  /** Title set by the user; empty means "derive it from the query". */
  title: string;
  query: string;
  variables: string;
  /** JSON object of extra headers. May hold secrets: persisted only as the store decides. */
  headers: string;
  /** Operation picked in the toolbar; undefined means "the one under the cursor". */
  operationName?: string;
}

/** All tabs and which one is shown. Always at least one tab. */
export interface TabsState {
  tabs: ConsoleTab[];
  activeId: string;
}

let counter = 0;
/** A tab id unique within this page and across reloads (time + counter + random). */
export function newTabId(): string {
  counter += 1;
  return `t${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A new tab; without content it holds the instance console's default query. */
export function createTab(
  content: Partial<Omit<ConsoleTab, 'id'>> = {},
  id = newTabId(),
): ConsoleTab {
  return {
    id,
    title: content.title ?? '',
    query: content.query ?? DEFAULT_QUERY,
    variables: content.variables ?? '',
    headers: content.headers ?? '',
    operationName: content.operationName || undefined,
  };
}

export function initialTabsState(): TabsState {
  const tab = createTab();
  return { tabs: [tab], activeId: tab.id };
}

export function activeTab(state: TabsState): ConsoleTab {
  const tab = state.tabs.find((t) => t.id === state.activeId) ?? state.tabs[0];
  // closeTab and the stores never leave the list empty.
  if (!tab) throw new Error('The console has no tab.');
  return tab;
}

/** True when the tab holds nothing of the user's: the default (or an empty) query and no variables. */
export function isPristineTab(tab: Pick<ConsoleTab, 'query' | 'variables'>): boolean {
  const q = tab.query.trim();
  return (q === '' || q === DEFAULT_QUERY.trim()) && tab.variables.trim() === '';
}

const OPERATION_NAME = /^\s*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/m;

/** What the tab bar shows: the user's title, else the first operation's name, else "Untitled". */
export function tabTitle(tab: ConsoleTab): string {
  if (tab.title.trim()) return tab.title.trim();
  if (tab.operationName) return tab.operationName;
  return OPERATION_NAME.exec(tab.query)?.[1] ?? 'Untitled';
}

export function addTab(state: TabsState, content: Partial<Omit<ConsoleTab, 'id'>> = {}): TabsState {
  const tab = createTab(content);
  return { tabs: [...state.tabs, tab], activeId: tab.id };
}

/** Closes a tab; the neighbour to the right (else left) becomes active; the last tab is replaced by a fresh one. */
export function closeTab(state: TabsState, id: string): TabsState {
  const index = state.tabs.findIndex((t) => t.id === id);
  if (index === -1) return state;
  const tabs = state.tabs.filter((t) => t.id !== id);
  const [first] = tabs;
  if (!first) return initialTabsState();
  const activeId =
    state.activeId === id ? (tabs[index] ?? tabs[index - 1] ?? first).id : state.activeId;
  return { tabs, activeId };
}

export function selectTab(state: TabsState, id: string): TabsState {
  return state.tabs.some((t) => t.id === id) ? { ...state, activeId: id } : state;
}

export function updateTab(
  state: TabsState,
  id: string,
  patch: Partial<Omit<ConsoleTab, 'id'>>,
): TabsState {
  let changed = false;
  const tabs = state.tabs.map((t) => {
    if (t.id !== id) return t;
    const next = { ...t, ...patch };
    changed = (Object.keys(patch) as (keyof typeof patch)[]).some((k) => t[k] !== next[k]);
    return next;
  });
  return changed ? { ...state, tabs } : state;
}

export function renameTab(state: TabsState, id: string, title: string): TabsState {
  return updateTab(state, id, { title: title.trim().slice(0, 80) });
}

/** Moves to the next/previous tab, wrapping around (Alt-PageDown / Alt-PageUp). */
export function cycleTab(state: TabsState, step: 1 | -1): TabsState {
  const i = state.tabs.findIndex((t) => t.id === state.activeId);
  const next = state.tabs[(i + step + state.tabs.length) % state.tabs.length];
  return next ? { ...state, activeId: next.id } : state;
}
