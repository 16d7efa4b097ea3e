import { cellKind, cellText } from './cell-text.ts';
import { findLists, type FoundList } from './find-lists.ts';
import { flattenRows, type FlatTable } from './flatten.ts';
import { sortedOrder, type SortSpec } from './sort-rows.ts';
import { tableCsvParts } from './table-csv.ts';
import type { ColumnInfo, ParseResult, RowSlice, TableApi, TableInfo } from './table-protocol.ts';
import type { RpcHandlers } from '../../../../shared/lib/worker-rpc.ts';

/** Rows whose texts size a column. */
const WIDTH_SAMPLE = 200;
const MIN_WIDTH = 4;
const MAX_WIDTH = 40;

function columnInfo(table: FlatTable, c: number): ColumnInfo {
  let numbers = 0;
  let others = 0;
  // The sort button's arrow takes two more.
  let width = table.columns[c]!.length + 2;
  for (let r = 0; r < table.rows.length; r++) {
    const cell = table.rows[r]![c];
    if (typeof cell === 'number') numbers++;
    else if (cell !== null && cell !== undefined) others++;
    if (r < WIDTH_SAMPLE) width = Math.max(width, cellText(cell).length);
  }
  return {
    name: table.columns[c]!,
    numeric: numbers > 0 && others === 0,
    width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)),
  };
}

/**
 * The table worker's state for one response: its text as it is handed over, then its lists,
 * the table shown and its order. The page asks for rows by window, so only the rows on screen
 * ever leave the worker; sorting and the CSV use the full values.
 */
export class TableJob {
  private text: string[] = [];
  private lists: FoundList[] = [];
  private table: FlatTable | undefined;
  private order: Uint32Array = new Uint32Array(0);

  begin(): void {
    this.release();
  }

  append(piece: string): void {
    this.text.push(piece);
  }

  parse(): ParseResult {
    const text = this.text.join('');
    this.text = [];
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (err) {
      return { lists: [], problem: err instanceof Error ? err.message : String(err) };
    }
    const data =
      typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
    this.lists = findLists(data);
    return { lists: this.lists.map((l) => ({ path: l.path, rows: l.rows.length })) };
  }

  show(n: number): TableInfo {
    const list = this.lists[n];
    if (!list) throw new Error(`There is no list ${n}.`);
    this.table = flattenRows(list.rows);
    this.order = Uint32Array.from({ length: list.rows.length }, (_, i) => i);
    const columns = this.table.columns.map((_, c) => columnInfo(this.table!, c));
    return { path: list.path, columns, rowCount: list.rows.length };
  }

  sort(spec: SortSpec | null): void {
    const t = this.shown();
    this.order = spec
      ? sortedOrder(
          t.rows.map((r) => r[spec.column]),
          spec.direction,
        )
      : Uint32Array.from({ length: t.rows.length }, (_, i) => i);
  }

  rows(start: number, end: number): RowSlice {
    const t = this.shown();
    const from = Math.max(0, start);
    const to = Math.min(end, this.order.length);
    const texts: string[] = [];
    const kinds = new Uint8Array(Math.max(0, to - from) * t.columns.length);
    for (let i = from; i < to; i++) {
      for (const cell of t.rows[this.order[i]!]!) {
        kinds[texts.length] = cellKind(cell);
        texts.push(cellText(cell));
      }
    }
    return { start: from, texts, kinds };
  }

  csv(): Blob {
    const t = this.shown();
    return new Blob(tableCsvParts(t.columns, t.rows, this.order), {
      type: 'text/csv;charset=utf-8',
    });
  }

  release(): void {
    this.text = [];
    this.lists = [];
    this.table = undefined;
    this.order = new Uint32Array(0);
  }

  private shown(): FlatTable {
    if (!this.table) throw new Error('No table is shown.');
    return this.table;
  }
}

/** The worker's handlers over one job. */
export function tableHandlers(job = new TableJob()): RpcHandlers<TableApi> {
  return {
    begin: () => (job.begin(), null),
    append: (piece) => (job.append(piece), null),
    parse: () => job.parse(),
    show: (n) => job.show(n),
    sort: (spec) => (job.sort(spec), null),
    rows: ({ start, end }) => job.rows(start, end),
    csv: () => job.csv(),
    release: () => (job.release(), null),
  };
}
