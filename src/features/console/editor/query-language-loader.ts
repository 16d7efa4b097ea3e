import type * as QueryLanguage from './query-language';

/** The query editor's GraphQL language chunk (query-language.ts), requested once. */
let loading: Promise<typeof QueryLanguage> | undefined;

export function loadQueryLanguage(): Promise<typeof QueryLanguage> {
  loading ??= import('./query-language');
  return loading;
}
