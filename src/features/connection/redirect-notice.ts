import { useSyncExternalStore } from 'react';
import type { RedirectInfo } from './redirect.ts';

/** The last redirect seen for a base URL, so the connection panel can offer "Use <url>". */
export interface RedirectNotice {
  /** Normalised base URL that redirected. */
  from: string;
  info: RedirectInfo;
}

let notice: RedirectNotice | undefined;
const listeners = new Set<() => void>();

export function noteRedirect(from: string, info: RedirectInfo): void {
  notice = { from, info };
  for (const l of listeners) l();
}

/** A normal answer from `from`: any redirect noted for it is over. */
export function clearRedirect(from: string): void {
  if (notice?.from !== from) return;
  notice = undefined;
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useRedirectNotice(): RedirectNotice | undefined {
  return useSyncExternalStore(
    subscribe,
    () => notice,
    () => notice,
  );
}
