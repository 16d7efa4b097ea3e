import { useEffect } from 'react';
import { createStore, useStore } from '../../../shared/lib/store.ts';
import { graphqlToolsNow, onGraphqlTools } from './graphql-tools-loader.ts';
import { activeTab } from '../tabs/tabs.ts';
import { getConsoleStore } from '../tabs/use-console-store.ts';

/** The active tab's operations by name, in document order (undefined: an anonymous one). */
export type OperationNames = readonly (string | undefined)[];

const NONE: OperationNames = [];
/** Typing pauses this long before the operations are listed again (as the cost meter). */
const LIST_DEBOUNCE_MS = 150;

const names = createStore<OperationNames>(NONE);
let following = false;

const sameNames = (a: OperationNames, b: OperationNames) =>
  a.length === b.length && a.every((n, i) => n === b[i]);

/**
 * Lists the active tab's operations (a parse of the whole document) once typing pauses; at once
 * for another tab or when the GraphQL tools arrive. Listeners hear only a change of the names,
 * so a keystroke re-renders none of the operations' readers and parses nothing. For the page's
 * life, as the tabs store it follows.
 */
function follow(): void {
  const store = getConsoleStore();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seen: { id: string; query: string; tools: unknown } | undefined;
  function list() {
    const tools = graphqlToolsNow();
    const query = activeTab(store.getState()).query;
    const next = tools ? tools.listOperations(query).map((o) => o.name) : NONE;
    names.set((prev) => (sameNames(prev, next) ? prev : next));
  }
  function check() {
    const { id, query } = activeTab(store.getState());
    const tools = graphqlToolsNow();
    if (seen?.id === id && seen.query === query && seen.tools === tools) return;
    const typed = seen?.id === id && seen.tools === tools;
    seen = { id, query, tools };
    clearTimeout(timer);
    if (typed) timer = setTimeout(list, LIST_DEBOUNCE_MS);
    else list();
  }
  check();
  store.subscribe(check);
  onGraphqlTools(check);
}

/**
 * The active tab's operations by name (none until the GraphQL tools are in): what the operation
 * picker, the Export group's note and the editor column show.
 */
export function useOperationNames(): OperationNames {
  useEffect(() => {
    if (following) return;
    following = true;
    follow();
  }, []);
  return useStore(names);
}
