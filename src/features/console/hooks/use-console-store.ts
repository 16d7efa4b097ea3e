import { readJson, removeKey, writeJson } from '../../../shared/lib/storage.ts';
import { useStore } from '../../../shared/lib/store.ts';
import { getConnection } from '../../connection/index.ts';
import type { KeyValueBackend } from '../state/backend.ts';
import {
  createConsoleStore,
  type ConsoleState,
  type ConsoleStore,
} from '../state/console-store.ts';

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

/** Subscribes a component to the tabs/history state. */
export function useConsoleState(): ConsoleState {
  const s = getConsoleStore();
  return useStore({ get: s.getState, subscribe: s.subscribe });
}
