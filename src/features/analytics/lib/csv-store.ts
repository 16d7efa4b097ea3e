/**
 * The report's rows, kept where they are parsed (the worker) in a compact columnar form: each
 * column is a dictionary of distinct strings plus a Uint32Array of codes, so a 1,000,000-row
 * report costs a few bytes per cell. The UI asks for windows of the current sorted and filtered
 * view. Pure: no DOM, no worker API, unit-tested directly.
 */
import {
  columnType,
  compileFilter,
  newTally,
  parseNumber,
  tallyValue,
  type CellPredicate,
  type ColumnType,
  type TypeTally,
} from './csv-types.ts';
import type { RowSource } from './summarize.ts';

/** Sort state of the view. */
export interface SortSpec {
  column: number;
  direction: 'ascending' | 'descending';
}

/** What the user asked the view to show. */
export interface ViewSpec {
  sort?: SortSpec;
  /** Filter expression per column index (see compileFilter). */
  filters: Record<number, string>;
  /** Case-insensitive "contains" over every column. */
  global: string;
}

/** A window of the view: the cells as raw text and each row's 1-based number in the file. */
export interface RowWindow {
  start: number;
  rows: string[][];
  rowNumbers: number[];
}

class Column {
  readonly dict: string[] = [];
  readonly index = new Map<string, number>();
  readonly tally: TypeTally = newTally();
  codes: Uint32Array;
  constructor(capacity: number) {
    this.codes = new Uint32Array(capacity);
  }
  code(value: string): number {
    let c = this.index.get(value);
    if (c === undefined) {
      c = this.dict.length;
      this.dict.push(value);
      this.index.set(value, c);
      tallyValue(this.tally, value);
    }
    return c;
  }
  /** Per dictionary entry: does it pass the predicate? */
  matches(pred: CellPredicate): Uint8Array {
    const out = new Uint8Array(this.dict.length);
    this.dict.forEach((v, i) => (out[i] = pred(v) ? 1 : 0));
    return out;
  }
  /**
   * Rank of each dictionary entry in ascending order (numbers numerically, empties last) and how
   * many entries are non-empty (they hold ranks 0..filled-1).
   */
  ranks(type: ColumnType): { ranks: Uint32Array; filled: number } {
    const order = Array.from(this.dict.keys());
    if (type === 'number') {
      const nums = this.dict.map((v) => parseNumber(v));
      order.sort((a, b) => {
        const x = nums[a] ?? NaN;
        const y = nums[b] ?? NaN;
        if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : 1;
        if (Number.isNaN(y)) return -1;
        return x - y;
      });
    } else {
      const d = this.dict;
      order.sort((a, b) => {
        const x = d[a] ?? '';
        const y = d[b] ?? '';
        if (x === '') return y === '' ? 0 : 1;
        if (y === '') return -1;
        return x < y ? -1 : x > y ? 1 : 0;
      });
    }
    const ranks = new Uint32Array(order.length);
    order.forEach((code, rank) => (ranks[code] = rank));
    const isEmpty = (v: string) => (type === 'number' ? Number.isNaN(parseNumber(v)) : v === '');
    const filled = this.dict.reduce((n, v) => (isEmpty(v) ? n : n + 1), 0);
    return { ranks, filled };
  }
}

/** Columnar row store with a sorted/filtered view over it. */
export class ReportStore {
  readonly header: string[];
  /** Rows stored. */
  length = 0;
  private readonly columns: Column[];
  private capacity = 1024;
  private view: Uint32Array | undefined;
  /** The rows passing the filters in file order (undefined: every row), for summaries. */
  private filtered: Uint32Array | undefined;
  private spec: ViewSpec = { filters: {}, global: '' };
  private viewedRows = 0;

  constructor(header: string[]) {
    this.header = header.map((h, i) => h.trim() || `Column ${i + 1}`);
    this.columns = header.map(() => new Column(this.capacity));
  }

  /** Adds rows; missing cells become empty, cells beyond the header are dropped. */
  append(rows: string[][]): void {
    const need = this.length + rows.length;
    if (need > this.capacity) {
      while (this.capacity < need) this.capacity *= 2;
      for (const col of this.columns) {
        const grown = new Uint32Array(this.capacity);
        grown.set(col.codes.subarray(0, this.length));
        col.codes = grown;
      }
    }
    const cols = this.columns;
    for (const row of rows) {
      const r = this.length++;
      // Indexed (c < cols.length): this loop runs once per cell of the report.
      for (let c = 0; c < cols.length; c++) {
        const col = cols[c]!;
        col.codes[r] = col.code(row[c] ?? '');
      }
    }
  }

  /** Per column: does any value have a leading zero (`007`, `02139`: an identifier)? */
  leadingZeros(): boolean[] {
    return this.columns.map((c) => c.tally.leadingZeros > 0);
  }

  /** The first non-empty value of a column in file order ('' if none). */
  firstValue(column: number): string {
    const col = this.columns[column];
    if (!col) return '';
    for (let r = 0; r < this.length; r++) {
      const v = col.dict[col.codes[r] ?? -1];
      if (v !== undefined && v.trim() !== '') return v;
    }
    return '';
  }

  /**
   * The rows that pass the filters, in file order (the sort does not matter to a summary, and
   * reading the columns in order is faster), for summaries, charts and comparisons.
   */
  source(): RowSource {
    return { columns: this.columns, length: this.length, rows: this.filtered };
  }

  /** Detected type per column, from the values seen so far. */
  types(): ColumnType[] {
    return this.columns.map((c) => columnType(c.tally));
  }

  /** True when the view shows the rows in file order without filtering. */
  isIdentityView(): boolean {
    return this.spec.sort === undefined && !this.hasFilter();
  }

  /** True when rows arrived since the view was last computed (only matters for a non-identity view). */
  isViewStale(): boolean {
    return !this.isIdentityView() && this.viewedRows !== this.length;
  }

  /** Rows in the current view. */
  viewLength(): number {
    return this.view ? this.view.length : this.length;
  }

  /** Sets the view and recomputes it (filter, then sort). */
  setView(spec: ViewSpec): void {
    this.spec = spec;
    this.refreshView();
  }

  /** Recomputes the current view over all rows stored so far. */
  refreshView(): void {
    this.viewedRows = this.length;
    if (this.isIdentityView()) {
      this.view = undefined;
      this.filtered = undefined;
      return;
    }
    const filtered = this.hasFilter() ? this.filterRows() : undefined;
    this.filtered = filtered;
    let all = filtered;
    if (!all) {
      all = new Uint32Array(this.length);
      for (let i = 0; i < all.length; i++) all[i] = i;
    }
    this.view = this.spec.sort ? this.sortRows(all, this.spec.sort) : all;
  }

  private hasFilter(): boolean {
    return (
      this.spec.global.trim() !== '' ||
      Object.values(this.spec.filters).some((f) => f.trim() !== '')
    );
  }

  private filterRows(): Uint32Array {
    const n = this.length;
    const types = this.types();
    const colTests: { codes: Uint32Array; ok: Uint8Array }[] = [];
    for (const [key, expr] of Object.entries(this.spec.filters)) {
      const c = Number(key);
      const col = this.columns[c];
      const type = types[c];
      const pred = col && type ? compileFilter(expr, type) : undefined;
      if (col && pred) colTests.push({ codes: col.codes, ok: col.matches(pred) });
    }
    const needle = this.spec.global.trim().toLowerCase();
    const globalTests = needle
      ? this.columns.map((col) => ({
          codes: col.codes,
          ok: col.matches((v) => v.toLowerCase().includes(needle)),
        }))
      : [];
    const out = new Uint32Array(n);
    let k = 0;
    rows: for (let r = 0; r < n; r++) {
      // A code outside the dictionary (none in a well-formed store) matches nothing.
      for (const t of colTests) if (!t.ok[t.codes[r] ?? -1]) continue rows;
      if (globalTests.length) {
        let any = false;
        for (const t of globalTests)
          if (t.ok[t.codes[r] ?? -1]) {
            any = true;
            break;
          }
        if (!any) continue;
      }
      out[k++] = r;
    }
    return out.slice(0, k);
  }

  /** Sorts row indexes by one column; stable (ties keep file order) via packed Float64 keys. */
  private sortRows(rows: Uint32Array, sort: SortSpec): Uint32Array {
    const col = this.columns[sort.column];
    const type = this.types()[sort.column];
    if (!col || !type) return rows;
    const { ranks, filled } = col.ranks(type);
    const shift = 2 ** Math.max(1, Math.ceil(Math.log2(this.length + 1)));
    const keys = new Float64Array(rows.length);
    const desc = sort.direction === 'descending';
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      // A code outside the dictionary (none in a well-formed store) sorts with the empties.
      const rank = ranks[col.codes[r] ?? -1] ?? filled;
      // Descending reverses the non-empty ranks only: empty cells stay at the end.
      keys[i] = (desc && rank < filled ? filled - 1 - rank : rank) * shift + r;
    }
    keys.sort();
    const out = new Uint32Array(rows.length);
    for (let i = 0; i < keys.length; i++) out[i] = keys[i]! % shift;
    return out;
  }

  /** Rows `start`..`start+count` of the view (clamped). */
  window(start: number, count: number): RowWindow {
    const total = this.viewLength();
    const from = Math.max(0, Math.min(start, total));
    const to = Math.min(total, from + Math.max(0, count));
    const rows: string[][] = [];
    const rowNumbers: number[] = [];
    for (let i = from; i < to; i++) {
      const r = this.view ? this.view[i] : i;
      if (r === undefined) break;
      rows.push(this.columns.map((c) => c.dict[c.codes[r] ?? -1] ?? ''));
      rowNumbers.push(r + 1);
    }
    return { start: from, rows, rowNumbers };
  }
}
