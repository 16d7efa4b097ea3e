import { createStore, type ReadableStore } from './store.ts';

/** What has come of a lazy load so far: its value, or why the last try failed. */
interface LazyState<T> {
  value?: T;
  error?: Error;
}

/** Something costly (a chunk, mostly) loaded on first demand, shared by every caller. */
export interface LazyOnce<T> {
  /** Starts the load once (again after a failure) and resolves with its value. */
  load(): Promise<T>;
  /** The value if it is in, for a caller that cannot wait. */
  now(): T | undefined;
  /** Its state; listeners hear the value arrive before any `load()` caller continues. */
  state: ReadableStore<LazyState<T>>;
}

/**
 * The one way to load a deferred chunk: `lazyOnce(() => import('./x.ts'))`. A failed load (offline,
 * a new deploy's file names) is forgotten, so the next call tries again; it is in `state` until then.
 * When it starts is the caller's rule (`schedule.ts`), not the loader's.
 */
export function lazyOnce<T>(load: () => Promise<T>): LazyOnce<T> {
  const state = createStore<LazyState<T>>({});
  let loading: Promise<T> | undefined;
  return {
    load: () =>
      (loading ??= load().then(
        (value) => {
          state.set({ value });
          return value;
        },
        (err: unknown) => {
          loading = undefined;
          const error = err instanceof Error ? err : new Error(String(err));
          state.set({ error });
          throw error;
        },
      )),
    now: () => state.get().value,
    state,
  };
}
