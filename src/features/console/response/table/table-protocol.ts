import type { SortSpec } from './sort-rows.ts';

/** A list the table can show. */
interface ListInfo {
  path: string;
  rows: number;
}

/** What reading the response found: its lists, or why there are none. */
export interface ParseResult {
  lists: ListInfo[];
  /** Set when the text is not JSON (JSON.parse's message). */
  problem?: string;
}

export interface ColumnInfo {
  /** Dotted path (`owner.login`). */
  name: string;
  /** Every value is a number (or empty): compared and aligned as numbers. */
  numeric: boolean;
  /** A width for it, in `ch`, from its name and the first rows' texts. */
  width: number;
}

export interface TableInfo {
  path: string;
  columns: ColumnInfo[];
  rowCount: number;
}

/** Rows `start`…`start + n - 1` in the order shown, row-major (`columns` cells per row). */
export interface RowSlice {
  start: number;
  texts: string[];
  /** One `CellKind` per text (cell-text.ts). */
  kinds: Uint8Array;
}

/** Page ↔ table worker (shared/lib/worker-rpc.ts). The worker holds one response at a time. */
export type TableApi = {
  /** Starts a response's text (drops the one held). */
  begin: { params: null; result: null };
  /** The next piece of its text. */
  append: { params: string; result: null };
  /** Parses the text and finds its lists. */
  parse: { params: null; result: ParseResult };
  /** Makes list `n` the table (unsorted). */
  show: { params: number; result: TableInfo };
  /** Sorts the table (null: the list's order). */
  sort: { params: SortSpec | null; result: null };
  rows: { params: { start: number; end: number }; result: RowSlice };
  /** The table as shown, as CSV. */
  csv: { params: null; result: Blob };
  /** Drops the response. */
  release: { params: null; result: null };
};
