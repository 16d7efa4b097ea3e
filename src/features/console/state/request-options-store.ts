import { useSyncExternalStore } from 'react';
import { optionsFromSearch, type RequestOptions } from '../lib/request-options.ts';

let options: RequestOptions | undefined;
const listeners = new Set<() => void>();

/**
 * The page's Trace and Feature flags settings. They start from the console page's URL
 * (`?trace=1`, `?feat=…`, as the instance's console reads them) and live in memory for the page:
 * they change what the instance does, so a fresh page never inherits them silently.
 */
export function getRequestOptions(): RequestOptions {
  options ??= optionsFromSearch(typeof window === 'undefined' ? '' : window.location.search);
  return options;
}

export function setRequestOptions(patch: Partial<RequestOptions>): void {
  options = { ...getRequestOptions(), ...patch };
  for (const l of listeners) l();
}

export function useRequestOptions(): RequestOptions {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, getRequestOptions);
}
