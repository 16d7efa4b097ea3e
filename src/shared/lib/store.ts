import { useSyncExternalStore } from 'react';

/** A value and whoever wants to hear that it changed. */
export interface Store<T> {
  get(): T;
  /** Replaces the value (or derives it from the current one); listeners hear only real changes. */
  set(next: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

/** What a reader needs of a store (`useStore`, or a store that keeps `set` to itself). */
export type ReadableStore<T> = Pick<Store<T>, 'get' | 'subscribe'>;

/**
 * The app's one store primitive. `initial` may be a function: it then runs on the first `get`
 * (e.g. reading the page URL lazily).
 */
export function createStore<T>(initial: T | (() => T)): Store<T> {
  let ready = typeof initial !== 'function';
  let value = (ready ? initial : undefined) as T;
  const listeners = new Set<() => void>();
  function get(): T {
    if (!ready) {
      value = (initial as () => T)();
      ready = true;
    }
    return value;
  }
  return {
    get,
    set(next) {
      const v = typeof next === 'function' ? (next as (current: T) => T)(get()) : next;
      if (Object.is(v, get())) return;
      value = v;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Re-renders the component when the store changes; `select` picks the part it needs. */
export function useStore<T>(store: ReadableStore<T>): T;
export function useStore<T, S>(store: ReadableStore<T>, select: (value: T) => S): S;
export function useStore<T, S>(store: ReadableStore<T>, select?: (value: T) => S): T | S {
  const read = () => (select ? select(store.get()) : store.get());
  return useSyncExternalStore(store.subscribe, read, read);
}
