/** A JSON key-value store: the console's persistence seam (storage.ts in the app, a fake in tests). */
export interface KeyValueBackend {
  read(key: string): unknown;
  write(key: string, value: unknown): boolean;
  remove(key: string): void;
}

/** The part of the Web Storage API the backend needs; tests pass a Map-backed fake. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A backend over any Storage-like object, with the same key prefix as src/shared/lib/storage.ts. */
export function storageBackend(storage: StorageLike, prefix = 'debug-console:'): KeyValueBackend {
  return {
    read(key) {
      const raw = storage.getItem(prefix + key);
      if (raw == null) return undefined;
      try {
        return JSON.parse(raw);
      } catch {
        return undefined;
      }
    },
    write(key, value) {
      try {
        storage.setItem(prefix + key, JSON.stringify(value));
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        storage.removeItem(prefix + key);
      } catch {
        // nothing to remove
      }
    },
  };
}
