import { createStore, useStore } from '../../shared/lib/store.ts';
import type { RedirectInfo } from './redirect.ts';

/** The last redirect seen for a base URL, so the connection panel can offer "Use <url>". */
export interface RedirectNotice {
  /** Normalised base URL that redirected. */
  from: string;
  info: RedirectInfo;
}

const notice = createStore<RedirectNotice | undefined>(undefined);

export function noteRedirect(from: string, info: RedirectInfo): void {
  notice.set({ from, info });
}

/** A normal answer from `from`: any redirect noted for it is over. */
export function clearRedirect(from: string): void {
  if (notice.get()?.from === from) notice.set(undefined);
}

export function useRedirectNotice(): RedirectNotice | undefined {
  return useStore(notice);
}
