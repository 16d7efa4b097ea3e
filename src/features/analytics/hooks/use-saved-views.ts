import { useCallback, useEffect, useState } from 'react';
import { readJson, writeJson } from '../../../shared/lib/storage.ts';
import { onSavedViewsChange, SAVED_VIEWS_KEY as KEY } from '../saved-views-storage.ts';
import {
  parseSavedViews,
  removeView,
  upsertView,
  type SavedView,
  type ViewState,
} from '../lib/saved-view.ts';

function stored(): SavedView[] {
  return parseSavedViews(readJson<unknown>(KEY, []));
}

/**
 * The views saved in this browser (`lib/saved-view.ts`), following other browser tabs: each
 * change reads what is stored first and writes it back with the change, so a save or a delete in
 * one tab never undoes another's. A failed write (storage full or disabled) is said, not lost
 * silently: `error` holds what to do.
 */
export function useSavedViews() {
  const [views, setViews] = useState<SavedView[]>(stored);
  const [error, setError] = useState<string>();

  useEffect(() => onSavedViewsChange(() => setViews(stored())), []);

  const commit = useCallback((next: SavedView[]): boolean => {
    const ok = writeJson(KEY, next);
    setViews(ok ? next : stored());
    setError(
      ok
        ? undefined
        : 'This browser did not keep the view (storage is full or disabled): copy its link instead.',
    );
    return ok;
  }, []);

  const save = useCallback(
    (name: string, view: ViewState) =>
      commit(upsertView(stored(), { name, view, savedAt: Date.now() })),
    [commit],
  );
  const remove = useCallback((name: string) => commit(removeView(stored(), name)), [commit]);

  return { views, save, remove, error };
}
