import type { Text } from '@codemirror/state';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SortSpec } from './sort-rows.ts';
import { closeTable, isReplaced, openTable, type TableSession } from './table-client.ts';
import type { ParseResult, TableInfo } from './table-protocol.ts';

export interface TableState {
  phase: 'loading' | 'ready' | 'error';
  error?: string;
  session?: TableSession;
  found?: ParseResult;
  /** The list shown (an index into `found.lists`). */
  list: number;
  info?: TableInfo;
  sort?: SortSpec;
  /** Changes whenever the rows' order or the table changes: row windows of older ones are stale. */
  version: number;
}

/**
 * What the user last picked, carried to the next response: the same list (by path) and the same
 * sort (by column name) when it has them, so running a query again keeps the view.
 */
const picked: { path?: string; sortColumn?: string; direction?: SortSpec['direction'] } = {};

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The Table of a settled response: reads it in the table worker once the view is `active` (never
 * before: a response nobody tabulates costs nothing), shows its first list (or the one picked
 * last), and changes list and sort. The worker drops the response when the view goes.
 */
export function useTable(doc: Text, active: boolean) {
  const [state, setState] = useState<TableState>({ phase: 'loading', list: 0, version: 0 });
  const [shownDoc, setShownDoc] = useState(doc);
  /** The document whose table is up (the Table shown again need not read it again). */
  const ready = useRef<Text>(undefined);
  if (shownDoc !== doc) {
    setShownDoc(doc);
    setState({ phase: 'loading', list: 0, version: state.version + 1 });
  }

  const setError = useCallback((err: unknown) => {
    if (!isReplaced(err)) setState((s) => ({ ...s, phase: 'error', error: message(err) }));
  }, []);

  useEffect(() => () => closeTable(doc), [doc]);

  useEffect(() => {
    if (!active || ready.current === doc) return;
    let live = true;
    const fail = (err: unknown) => live && setError(err);
    openTable(doc)
      .then(async (session) => {
        const { lists } = session.lists;
        const at = lists.findIndex((l) => l.path === picked.path);
        const list = Math.max(0, at);
        const info = lists.length > 0 ? await session.show(list) : undefined;
        const column = info?.columns.findIndex((c) => c.name === picked.sortColumn) ?? -1;
        const sort =
          at >= 0 && column >= 0 && picked.direction
            ? { column, direction: picked.direction }
            : undefined;
        if (sort) await session.sort(sort);
        if (!live) return;
        ready.current = doc;
        setState((s) => ({
          phase: 'ready',
          session,
          found: session.lists,
          list,
          info,
          sort,
          version: s.version + 1,
        }));
      }, fail)
      .catch(fail);
    return () => {
      live = false;
    };
  }, [doc, active, setError]);

  const { session, info } = state;

  const pickList = useCallback(
    (list: number) => {
      session?.show(list).then((next) => {
        picked.path = next.path;
        setState((s) => ({ ...s, list, info: next, sort: undefined, version: s.version + 1 }));
      }, setError);
    },
    [session, setError],
  );

  const sortBy = useCallback(
    (sort: SortSpec | undefined) => {
      if (!session || !info) return;
      // The header shows the new order at once; the rows follow when the worker has sorted.
      setState((s) => ({ ...s, sort }));
      picked.path = info.path;
      picked.sortColumn = sort && info.columns[sort.column]?.name;
      picked.direction = sort?.direction;
      session.sort(sort ?? null).then(() => {
        setState((s) => ({ ...s, version: s.version + 1 }));
      }, setError);
    },
    [session, info, setError],
  );

  return { state, pickList, sortBy };
}
