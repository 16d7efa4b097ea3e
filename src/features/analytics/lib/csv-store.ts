/**
 * The report's rows, kept where they are parsed (the worker) in a compact columnar form: each
 * column is a dictionary of its distinct cell texts plus one code per row in the narrowest typed
 * array that holds them (Uint8Array up to 256 distinct values, Uint16Array up to 65,536, else
 * Uint32Array; widened as values arrive), so a 5,000,000-row report costs one to four bytes per
 * cell, about half its CSV, while every cell keeps the exact text the server sent. Numbers are
 * parsed once per distinct value (sorting, filters, summaries). The UI asks for windows of the
 * current sorted and filtered view. Pure: no DOM, no worker API, unit-tested directly.
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
import type { ColumnData, RowSource } from './summarize.ts';

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

/** One code per row: the narrowest unsigned typed array for the column's distinct values. */
type CodeArray = ColumnData['codes'];

/** A code array wide enough for codes below `limit`. */
function codeArray(limit: number, capacity: number): CodeArray {
  if (limit <= 0x100) return new Uint8Array(capacity);
  if (limit <= 0x10000) return new Uint16Array(capacity);
  return new Uint32Array(capacity);
}

class Column {
  readonly dict: string[] = [];
  readonly index = new Map<string, number>();
  readonly tally: TypeTally = newTally();
  codes: CodeArray;
  /** Codes below this fit the current array. */
  private limit = 0x100;
  constructor(capacity: number) {
    this.codes = codeArray(this.limit, capacity);
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
  /** Stores row `r`'s value; rows before `r` are kept when the array widens. */
  set(r: number, value: string): void {
    const c = this.code(value);
    if (c >= this.limit) {
      this.limit = this.limit === 0x100 ? 0x10000 : 2 ** 32;
      this.resize(this.codes.length, r);
    }
    this.codes[r] = c;
  }
  /** A new array of `capacity` codes (at the current width) holding the first `used`. */
  resize(capacity: number, used: number): void {
    const next = codeArray(this.limit, capacity);
    next.set(this.codes.subarray(0, used));
    this.codes = next;
  }
  /** Per dictionary entry: does it pass the predicate? */
  matches(pred: CellPredicate): Uint8Array {
    const out = new Uint8Array(this.dict.length);
    for (let i = 0; i < this.dict.length; i++) out[i] = pred(this.dict[i]!) ? 1 : 0;
    return out;
  }
  /**
   * Rank of each dictionary entry in ascending order and how many entries are non-empty (they
   * hold ranks 0..filled-1): numbers by value first (in a text column too, as spreadsheets do:
   * `9` before `10`), then other text in code-unit order, then empty cells.
   */
  ranks(): { ranks: Uint32Array; filled: number } {
    const d = this.dict;
    const nums = d.map((v) => parseNumber(v));
    const order = Array.from(d.keys());
    // 0: a number, 1: other text, 2: empty.
    const kinds = Uint8Array.from(d, (v, i) =>
      !Number.isNaN(nums[i] ?? NaN) ? 0 : v === '' ? 2 : 1,
    );
    const kind = (i: number) => kinds[i] ?? 2;
    order.sort((a, b) => {
      const ka = kind(a);
      const kb = kind(b);
      if (ka !== kb) return ka - kb;
      if (ka === 0) return (nums[a] ?? 0) - (nums[b] ?? 0);
      const x = d[a] ?? '';
      const y = d[b] ?? '';
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const ranks = new Uint32Array(order.length);
    order.forEach((code, rank) => (ranks[code] = rank));
    const filled = order.reduce((n, code) => (kind(code) === 2 ? n : n + 1), 0);
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
      // 1.5× keeps the slack (and the copy's peak) small next to the report itself.
      while (this.capacity < need) this.capacity = Math.ceil(this.capacity * 1.5);
      for (const col of this.columns) col.resize(this.capacity, this.length);
    }
    const cols = this.columns;
    const width = cols.length;
    for (const row of rows) {
      const r = this.length++;
      for (let c = 0; c < width; c++) cols[c]?.set(r, row[c] ?? '');
    }
  }

  /** Gives back the unused capacity once no more rows will come. */
  compact(): void {
    if (this.capacity === this.length) return;
    this.capacity = Math.max(1, this.length);
    for (const col of this.columns) col.resize(this.capacity, this.length);
  }

  /** Bytes held by the row codes (the dictionaries come on top; for measurements and tests). */
  codeBytes(): number {
    return this.columns.reduce((n, c) => n + c.codes.byteLength, 0);
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
      const v = col.dict[col.codes[r]!] ?? '';
      if (v.trim() !== '') return v;
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
    const colTests: { codes: CodeArray; ok: Uint8Array }[] = [];
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
      // Indexed typed arrays (r < n, codes < dictionary size): the hot loop of a filter.
      for (const t of colTests) if (!t.ok[t.codes[r]!]) continue rows;
      if (globalTests.length) {
        let any = false;
        for (const t of globalTests)
          if (t.ok[t.codes[r]!]) {
            any = true;
            break;
          }
        if (!any) continue;
      }
      out[k++] = r;
    }
    return out.slice(0, k);
  }

  /**
   * Sorts row indexes by one column: a counting sort over the ranks of its distinct values, so
   * millions of rows cost two passes (no comparisons); stable (ties keep the order of `rows`,
   * which is file order).
   */
  private sortRows(rows: Uint32Array, sort: SortSpec): Uint32Array {
    const col = this.columns[sort.column];
    if (!col) return rows;
    const { ranks, filled } = col.ranks();
    const desc = sort.direction === 'descending';
    // Descending reverses the non-empty ranks only: empty cells stay at the end.
    const key = desc ? ranks.map((rank) => (rank < filled ? filled - 1 - rank : rank)) : ranks;
    const codes = col.codes;
    const starts = new Uint32Array(key.length + 1);
    // Indexed typed arrays (every code has a rank, every rank a start): the hot loops of a sort.
    for (let i = 0; i < rows.length; i++) {
      const at = key[codes[rows[i]!]!]! + 1;
      starts[at] = starts[at]! + 1;
    }
    for (let k = 1; k < starts.length; k++) starts[k] = starts[k]! + starts[k - 1]!;
    const out = new Uint32Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const k = key[codes[r]!]!;
      out[starts[k]!] = r;
      starts[k] = starts[k]! + 1;
    }
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
      const r = this.view ? (this.view[i] ?? 0) : i;
      rows.push(this.columns.map((c) => c.dict[c.codes[r] ?? 0] ?? ''));
      rowNumbers.push(r + 1);
    }
    return { start: from, rows, rowNumbers };
  }
}
