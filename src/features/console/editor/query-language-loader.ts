import type * as QueryLanguage from './query-language';

type Language = typeof QueryLanguage;

/** The query editor's GraphQL language chunk (query-language.ts), requested once. */
let loading: Promise<Language> | undefined;
let loaded: Language | undefined;
const listeners = new Set<(m: Language) => void>();

/**
 * Requests the chunk (once). The editors that listen (`onQueryLanguage`) plug it in before any
 * caller's continuation runs, so a command that awaited this finds the language (and its undo
 * history) in the editor.
 */
export function loadQueryLanguage(): Promise<Language> {
  loading ??= import('./query-language').then((m) => {
    loaded = m;
    for (const listener of [...listeners]) listener(m);
    return m;
  });
  return loading;
}

/** The chunk if it has loaded, else undefined. */
export function queryLanguageNow(): Language | undefined {
  return loaded;
}

/**
 * Calls `listener` when the chunk has loaded, whoever requested it (at once if it has);
 * returns the unsubscribe.
 */
export function onQueryLanguage(listener: (m: Language) => void): () => void {
  if (loaded) listener(loaded);
  else listeners.add(listener);
  return () => listeners.delete(listener);
}
