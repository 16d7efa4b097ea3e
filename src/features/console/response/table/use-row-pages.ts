import { useCallback, useEffect, useRef, useState } from 'react';
import type { TableSession } from './table-client.ts';
import type { RowSlice } from './table-protocol.ts';

/** Rows per request to the worker. */
const PAGE = 100;
/** Pages kept beyond the ones on screen, on each side. */
const KEEP = 4;

export interface Row {
  texts: string[];
  kinds: Uint8Array;
}

/**
 * The rows on screen, fetched from the table worker a page at a time as the view scrolls (only
 * what is near the screen lives on the main thread). `version` names the table and order the
 * pages belong to; a new one drops them.
 */
export function useRowPages(
  session: TableSession | undefined,
  version: number,
  columns: number,
  first: number,
  last: number,
) {
  const pages = useRef(new Map<number, RowSlice>());
  const asked = useRef(new Set<number>());
  const [, setArrived] = useState(0);
  const pagesVersion = useRef(version);
  if (pagesVersion.current !== version) {
    pagesVersion.current = version;
    pages.current = new Map();
    asked.current = new Set();
  }

  useEffect(() => {
    if (!session || last < first) return;
    const from = Math.floor(first / PAGE);
    const to = Math.floor(last / PAGE);
    for (const p of pages.current.keys())
      if (p < from - KEEP || p > to + KEEP) pages.current.delete(p);
    const map = pages.current;
    for (let p = from; p <= to; p++) {
      if (map.has(p) || asked.current.has(p)) continue;
      const wanted = asked.current;
      wanted.add(p);
      session.rows(p * PAGE, (p + 1) * PAGE).then(
        (slice) => {
          wanted.delete(p);
          if (pages.current !== map) return;
          map.set(p, slice);
          setArrived((n) => n + 1);
        },
        () => wanted.delete(p),
      );
    }
  }, [session, version, first, last]);

  return useCallback(
    (index: number): Row | undefined => {
      const slice = pages.current.get(Math.floor(index / PAGE));
      if (!slice) return undefined;
      const at = (index - slice.start) * columns;
      if (at < 0 || at >= slice.texts.length) return undefined;
      return {
        texts: slice.texts.slice(at, at + columns),
        kinds: slice.kinds.subarray(at, at + columns),
      };
    },
    [columns],
  );
}
