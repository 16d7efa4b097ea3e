/**
 * "Clear stored data" (Settings): what this browser keeps of the user's work and secrets.
 * Display settings (theme, font size) and connection URLs stay.
 */
import { clear as clearIndexedDb, keys as indexedDbKeys } from 'idb-keyval';
import { removeKey } from '../../shared/lib/storage.ts';
import { getConnection, updateConnection } from '../../features/connection/index.ts';
import { loadConsoleStores } from '../../features/console/index.ts';
import { loadSavedViewsStorage } from '../../features/analytics/index.ts';

/** What a clear would remove, for the confirmation. */
export interface StoredDataSummary {
  tabs: number;
  historyEntries: number;
  savedOperations: number;
  collections: number;
  /** Schemas kept for Docs "What changed" (IndexedDB), null while counting. */
  savedSchemas: number | null;
  rememberedTokens: boolean;
  /** Views saved on the Analytics page. */
  analyticsViews: number;
}

export async function summarizeStoredData(): Promise<StoredDataSummary> {
  const { getConsoleStore, getSavedStore } = await loadConsoleStores();
  const consoleState = getConsoleStore().getState();
  const saved = getSavedStore().getSnapshot().state.collections;
  const { countSavedViews } = await loadSavedViewsStorage();
  return {
    tabs: consoleState.tabs.length,
    historyEntries: consoleState.history.length,
    savedOperations: saved.reduce((n, c) => n + c.operations.length, 0),
    collections: saved.length,
    savedSchemas: null,
    rememberedTokens: getConnection().remember,
    analyticsViews: countSavedViews(),
  };
}

/** How many schemas the Docs keep in IndexedDB (0 when IndexedDB is unavailable). */
export async function countSavedSchemas(): Promise<number> {
  try {
    return (await indexedDbKeys()).filter((k) => String(k).startsWith('docs:last-schema:')).length;
  } catch {
    return 0;
  }
}

/**
 * Clears tabs (one fresh tab remains; the URL fragments written for them too), history, header
 * values, saved operations, the Analytics page's saved views, remembered tokens (the "Remember" opt-in is turned off) and the schemas kept in IndexedDB.
 */
export async function clearStoredData(): Promise<void> {
  const { getConsoleStore, getSavedStore, LAST_WRITTEN_KEY } = await loadConsoleStores();
  const store = getConsoleStore();
  for (const t of [...store.getState().tabs]) store.closeTab(t.id);
  store.clearHistory();
  store.flush();
  removeKey(LAST_WRITTEN_KEY, 'session');
  getSavedStore().clear();
  (await loadSavedViewsStorage()).clearSavedViews();
  if (getConnection().remember) updateConnection({ remember: false });
  try {
    await clearIndexedDb();
  } catch {
    // IndexedDB unavailable (private mode): nothing was stored there.
  }
}
