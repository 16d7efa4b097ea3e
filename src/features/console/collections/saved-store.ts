/**
 * The saved operations of this browser, persisted through src/shared/lib/storage.ts. What is
 * read back is checked (collections.ts `sanitizeSavedState`); anything unreadable is kept under
 * a backup key and reported, never silently dropped. Each change re-reads storage first, so two
 * browser tabs saving at once both keep their operations.
 */
import { onOtherTabChange, readText, removeKey, writeJson } from '../../../shared/lib/storage.ts';
import { createStore, type Store } from '../../../shared/lib/store.ts';
import { emptySavedState, sanitizeSavedState, toStored, type SavedState } from './collections.ts';

const SAVED_KEY = 'saved-operations';
/** Where unreadable stored data is kept so that nothing is lost. */
const SAVED_BACKUP_KEY = 'saved-operations-unreadable';

export interface SavedSnapshot {
  state: SavedState;
  /** A problem the user should see: unreadable stored data, or a write that failed. */
  problem?: string;
}

interface Loaded {
  state: SavedState;
  problem?: string;
  clean: boolean;
}

function load(): Loaded {
  const text = readText(SAVED_KEY);
  if (text === null) return { state: emptySavedState(), clean: true };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    writeJson(SAVED_BACKUP_KEY, text);
    return {
      state: emptySavedState(),
      clean: false,
      problem: `Stored saved operations could not be read (not JSON); the data was kept under "${SAVED_BACKUP_KEY}" in this browser's storage.`,
    };
  }
  const { state, dropped } = sanitizeSavedState(raw);
  if (dropped === 0) return { state, clean: true };
  writeJson(SAVED_BACKUP_KEY, text);
  return {
    state,
    clean: false,
    problem: `${dropped} stored saved ${dropped === 1 ? 'entry was' : 'entries were'} malformed and left out; the original data was kept under "${SAVED_BACKUP_KEY}" in this browser's storage.`,
  };
}

/** The saved operations as a store (src/shared/lib/store.ts) and the ways to change them. */
export interface SavedStore {
  getSnapshot: Store<SavedSnapshot>['get'];
  subscribe: Store<SavedSnapshot>['subscribe'];
  /** Applies `fn` to the latest stored state and writes the result. */
  update(fn: (s: SavedState) => SavedState): void;
  /** Removes every saved operation (Settings → Clear stored data). */
  clear(): void;
  dismissProblem(): void;
}

function createSavedStore(): SavedStore {
  const first = load();
  const snapshot = createStore<SavedSnapshot>({ state: first.state, problem: first.problem });
  const emit = snapshot.set;
  onOtherTabChange(SAVED_KEY, () => {
    const l = load();
    emit({ state: l.state, problem: l.problem ?? snapshot.get().problem });
  });
  return {
    getSnapshot: snapshot.get,
    subscribe: snapshot.subscribe,
    update(fn) {
      const latest = load();
      const next = fn(latest.clean ? latest.state : snapshot.get().state);
      const written = writeJson(SAVED_KEY, toStored(next));
      emit({
        state: next,
        problem: written
          ? snapshot.get().problem
          : 'Could not store saved operations (storage full or blocked): the change lasts until this page is closed. Export the collection to keep it.',
      });
    },
    clear() {
      removeKey(SAVED_KEY);
      removeKey(SAVED_BACKUP_KEY);
      emit({ state: emptySavedState() });
    },
    dismissProblem: () => emit({ state: snapshot.get().state }),
  };
}

let store: SavedStore | undefined;

/** The page's one saved-operations store. */
export function getSavedStore(): SavedStore {
  store ??= createSavedStore();
  return store;
}
