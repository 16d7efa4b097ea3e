import { createStore, useStore } from '../../../shared/lib/store.ts';
import { optionsFromSearch, type RequestOptions } from './request-options.ts';

/**
 * The page's Trace and Feature flags settings. They start from the console page's URL
 * (`?trace=1`, `?feat=…`, as the instance's console reads them) and live in memory for the page:
 * they change what the instance does, so a fresh page never inherits them silently.
 */
const options = createStore<RequestOptions>(() =>
  optionsFromSearch(typeof window === 'undefined' ? '' : window.location.search),
);

export function getRequestOptions(): RequestOptions {
  return options.get();
}

export function setRequestOptions(patch: Partial<RequestOptions>): void {
  options.set((current) => ({ ...current, ...patch }));
}

export function useRequestOptions(): RequestOptions {
  return useStore(options);
}
