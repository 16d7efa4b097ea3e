import { lazyOnce } from '../../../shared/lib/lazy-once.ts';
import type * as QueryLanguage from './query-language';

type Language = typeof QueryLanguage;

/**
 * The query editor's GraphQL language chunk (query-language.ts). The editors that listen
 * (`onQueryLanguage`) plug it in before any caller's continuation runs, so a command that awaited
 * `loadQueryLanguage` finds the language (and its undo history) in the editor.
 */
const language = lazyOnce(() => import('./query-language'));

export const loadQueryLanguage = language.load;

/** The chunk if it has loaded, else undefined. */
export const queryLanguageNow = language.now;

/**
 * Calls `listener` when the chunk has loaded, whoever requested it (at once if it has);
 * returns the unsubscribe.
 */
export function onQueryLanguage(listener: (m: Language) => void): () => void {
  const now = language.now();
  if (now) {
    listener(now);
    return () => {};
  }
  const off = language.state.subscribe(() => {
    const m = language.now();
    if (!m) return;
    off();
    listener(m);
  });
  return off;
}
