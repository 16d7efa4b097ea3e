/**
 * The one place that touches Web Storage. Values are JSON; failures (quota, private mode,
 * corrupted JSON) never throw into the UI: reads fall back, writes report false.
 */
const PREFIX = 'debug-console:';

function area(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readJson<T>(key: string, fallback: T, kind: 'local' | 'session' = 'local'): T {
  const raw = area(kind)?.getItem(PREFIX + key);
  if (raw == null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(
  key: string,
  value: unknown,
  kind: 'local' | 'session' = 'local',
): boolean {
  try {
    area(kind)?.setItem(PREFIX + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeKey(key: string, kind: 'local' | 'session' = 'local'): void {
  try {
    area(kind)?.removeItem(PREFIX + key);
  } catch {
    // storage unavailable: nothing to remove
  }
}

/** The stored text of `key`, or null when nothing is stored: tells "absent" from "corrupted". */
export function readText(key: string, kind: 'local' | 'session' = 'local'): string | null {
  try {
    return area(kind)?.getItem(PREFIX + key) ?? null;
  } catch {
    return null;
  }
}

/** Calls `listener` when another browser tab changes `key` in localStorage (or clears it). */
export function onOtherTabChange(key: string, listener: () => void): () => void {
  const handler = (e: StorageEvent) => {
    if (e.key === null || e.key === PREFIX + key) listener();
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
