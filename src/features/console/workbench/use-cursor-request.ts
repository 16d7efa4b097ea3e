import { useCallback, useEffect, useState, type RefObject } from 'react';
import { moveCursor, type EditorHandleLike } from '../editor/editor-handle.ts';

interface CursorRequest {
  tabId: string;
  line: number;
  column: number;
}

/**
 * Moves the query editor's cursor once a given tab is the one it shows: the editor of a tab
 * just opened or selected is created in the commit that shows it, so the move waits for that
 * commit. Returns the function that asks for it (no location: the start of the text).
 */
export function useCursorRequest(
  activeId: string,
  query: RefObject<EditorHandleLike | null>,
): (tabId: string, at: { line: number; column: number } | undefined) => void {
  const [request, setRequest] = useState<CursorRequest>();
  useEffect(() => {
    if (!request || request.tabId !== activeId) return;
    moveCursor(query.current, request.line, request.column);
    setRequest(undefined);
  }, [request, activeId, query]);
  return useCallback(
    (tabId, at) => setRequest({ tabId, line: at?.line ?? 1, column: at?.column ?? 1 }),
    [],
  );
}
