import { readJson, removeKey, writeJson } from '../../shared/lib/storage.ts';

/**
 * The Instance URL as typed but not yet committed. Kept in this browser tab's sessionStorage so
 * that a reload loses nothing the user typed, without making a half-typed URL the connection
 * (which would send it the token).
 */
const KEY = 'connection-url-draft';

export function readUrlDraft(): string | undefined {
  const v = readJson<unknown>(KEY, undefined, 'session');
  return typeof v === 'string' ? v : undefined;
}

export function writeUrlDraft(draft: string | undefined): void {
  if (draft === undefined) removeKey(KEY, 'session');
  else writeJson(KEY, draft, 'session');
}
