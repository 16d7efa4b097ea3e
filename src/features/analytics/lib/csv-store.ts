/**
 * The report's rows, kept where they are parsed (the worker) in a compact columnar form: each
 * column is a dictionary of its distinct cell texts plus one code per row in the narrowest typed
 * array that holds them (Uint8Array up to 256 distinct values, Uint16Array up to 65,536, else
 * Uint32Array; widened as values arrive), so a 5,000,000-row report costs one to four bytes per
 * cell, about half its CSV, while every cell keeps the exact text the server sent. Numbers are
 * parsed once per distinct value (sorting, filters, summaries). The UI asks for windows of the
 * current sorted and filtered view. Quote-free CSV lines are read from the bytes the network
 * delivered (`appendLineBytes`, fed by `csv-byte-stream.ts`): a cell's UTF-8 bytes are hashed
 * and compared where they lie, and only a new distinct value is decoded into a string. Pure: no
 * DOM, no worker API, unit-tested directly.
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

/**
 * A cell's key in its column's dictionary. A cell of at most `SHORT` bytes (most cells of a
 * usage report: counts, empty cells) is keyed by its bytes themselves, packed into an int and
 * multiplied by an odd constant (a bijection): the same key and length mean the same bytes, so
 * such a cell is found without comparing bytes. A longer cell is keyed by FNV-1a over its bytes,
 * and compared four bytes at a time when the key matches (`sameBytes`). Both keys are computed
 * where the cell lies in the CSV's bytes. In a 1 M-row report (Node) the lookups were ~60 % of
 * the parse and the byte comparisons ~40 % of those; this took ~15 % off the parse.
 */
const SHORT = 4;
const FNV_SEED = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;
/** 2^32 / φ, odd: spreads packed bytes over the int's bits. */
const SPREAD = 0x9e3779b1 | 0;

/** The key of a cell of `len` bytes from its packed bytes and its FNV-1a hash, both running. */
function keyOf(len: number, packed: number, fnv: number): number {
  return len <= SHORT ? Math.imul(packed, SPREAD) : fnv;
}

export function cellKey(bytes: Uint8Array, start: number, end: number): number {
  let h = FNV_SEED;
  let packed = 0;
  for (let i = start; i < end; i++) {
    h = Math.imul(h ^ bytes[i]!, FNV_PRIME);
    packed = (packed << 8) | bytes[i]!;
  }
  return keyOf(end - start, packed, h);
}

/** What `appendLines` / `appendLineBytes` read: lines, rows stored, and rows whose field count differs from the header's. */
export interface LineStats {
  lines: number;
  rows: number;
  ragged: number;
  /**
   * Line feeds read (`appendLineBytes` only): the lines, plus the lone LFs inside fields of a
   * CRLF text, which count as physical lines as in papaparse's line numbers.
   */
  breaks?: number;
  /** The first ragged row: where its line starts in the input, its 0-based row in the block, its field count. */
  first?: { at: number; row: number; fields: number };
}

/** The line endings a CSV text may use. */
export type Newline = '\r\n' | '\n' | '\r';

/** A new string of the ASCII bytes `bytes[from, to)` (in pieces: an argument list has a size limit). */
function asciiText(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i += 8192)
    s += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(to, i + 8192)) as never);
  return s;
}

/** Cell text from its bytes; a BOM inside a cell is kept (it is part of the cell). */
const cellDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();

function cellText(bytes: Uint8Array, from: number, to: number): string {
  for (let i = from; i < to; i++)
    if (bytes[i]! >= 0x80) return cellDecoder.decode(bytes.subarray(from, to));
  return asciiText(bytes, from, to);
}

/** A copy of `a` with room for `size` values. */
function grown(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(size);
  next.set(a);
  return next;
}

/** Room to encode a string of `length` UTF-16 units as UTF-8 (at most 3 bytes per unit). */
let scratch = new Uint8Array(1024);
let scratchView = new DataView(scratch.buffer);
function encoded(value: string): number {
  if (value.length * 3 > scratch.length) {
    scratch = new Uint8Array(value.length * 3);
    scratchView = new DataView(scratch.buffer);
  }
  return encoder.encodeInto(value, scratch).written;
}

/** Are `a[ai, ai + len)` and `b[bi, bi + len)` the same bytes? Four at a time, then one. */
function sameBytes(a: DataView, ai: number, b: DataView, bi: number, len: number): boolean {
  let k = 0;
  for (; k + 4 <= len; k += 4) if (a.getInt32(ai + k) !== b.getInt32(bi + k)) return false;
  for (; k < len; k++) if (a.getUint8(ai + k) !== b.getUint8(bi + k)) return false;
  return true;
}

class Column {
  readonly dict: string[] = [];
  /**
   * The dictionary's hash table (open addressing, at most half full): code + 1 per slot, 0 when
   * empty. Keyed by a hash of the cell's UTF-8 bytes, so a cell is looked up where it lies in
   * the bytes the network delivered, without decoding it; only new values become strings.
   */
  private slots = new Int32Array(256);
  /** Hash of each dictionary entry. */
  private hashes = new Int32Array(64);
  /** The entries' UTF-8 bytes, one after the other (entry c at `ends[c - 1]`..`ends[c]`). */
  private bytes = new Uint8Array(1024);
  /** `bytes` read four at a time (`sameBytes`). */
  private view = new DataView(this.bytes.buffer);
  private ends = new Int32Array(64);
  readonly tally: TypeTally = newTally();
  codes: CodeArray;
  /** Codes below this fit the current array. */
  private limit = 0x100;
  constructor(capacity: number) {
    this.codes = codeArray(this.limit, capacity);
  }
  /** The code of a value given as text (rows papaparse read), adding it when new. */
  code(value: string): number {
    const n = value === '' ? 0 : encoded(value);
    return this.codeAt(scratch, scratchView, 0, n, cellKey(scratch, 0, n));
  }
  /** The code of the cell `bytes[start, end)`, whose key is `h` (`cellKey`), adding it when new. */
  codeAt(bytes: Uint8Array, view: DataView, start: number, end: number, h: number): number {
    const slots = this.slots;
    const mask = slots.length - 1;
    const len = end - start;
    // Indexed typed arrays (slot & mask, codes below the dictionary's size): the hot loop of a load.
    for (let i = (h ^ (h >>> 15)) & mask; ; i = (i + 1) & mask) {
      const s = slots[i]!;
      if (s === 0) return this.add(bytes, start, end, h, i);
      const c = s - 1;
      if (this.hashes[c] !== h) continue;
      const from = c === 0 ? 0 : this.ends[c - 1]!;
      if (this.ends[c]! - from !== len) continue;
      if (len <= SHORT || sameBytes(this.view, from, view, start, len)) return c;
    }
  }
  /**
   * Adds `bytes[start, end)` as entry c. Its string is decoded from those bytes (a copy: no
   * string of a report's text stays alive through a dictionary entry).
   */
  private add(bytes: Uint8Array, start: number, end: number, h: number, slot: number): number {
    const c = this.dict.length;
    if (c === this.hashes.length) {
      this.hashes = grown(this.hashes, c * 2);
      this.ends = grown(this.ends, c * 2);
    }
    this.hashes[c] = h;
    const from = c === 0 ? 0 : this.ends[c - 1]!;
    const to = from + end - start;
    if (to > this.bytes.length) {
      const next = new Uint8Array(Math.max(to, this.bytes.length * 2));
      next.set(this.bytes);
      this.bytes = next;
      this.view = new DataView(next.buffer);
    }
    this.bytes.set(bytes.subarray(start, end), from);
    const value = cellText(bytes, start, end);
    this.dict.push(value);
    this.ends[c] = to;
    this.slots[slot] = c + 1;
    tallyValue(this.tally, value);
    if ((c + 1) * 2 > this.slots.length) this.rehash();
    return c;
  }
  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let c = 0; c < this.dict.length; c++) {
      const h = this.hashes[c]!;
      let i = (h ^ (h >>> 15)) & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = c + 1;
    }
    this.slots = slots;
  }
  /** Stores row `r`'s value; rows before `r` are kept when the array widens. */
  set(r: number, value: string): void {
    this.setCode(r, this.code(value));
  }
  /** Stores row `r`'s code. */
  setCode(r: number, c: number): void {
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
    this.reserve(this.length + rows.length);
    const cols = this.columns;
    const width = cols.length;
    for (const row of rows) {
      const r = this.length++;
      for (let c = 0; c < width; c++) cols[c]?.set(r, row[c] ?? '');
    }
  }

  /** Room for `need` rows. */
  private reserve(need: number): void {
    if (need <= this.capacity) return;
    // 1.5× keeps the slack (and the copy's peak) small next to the report itself.
    while (this.capacity < need) this.capacity = Math.ceil(this.capacity * 1.5);
    for (const col of this.columns) col.resize(this.capacity, this.length);
  }

  /**
   * Adds the lines `text[from, to)`, each ending in `newline`, that hold no double quote (the
   * text form of `appendLineBytes`, for lines that arrived as text); `first.at` is a position
   * in `text`.
   */
  appendLines(text: string, from: number, to: number, newline: Newline): LineStats {
    const bytes = encoder.encode(text.substring(from, to));
    const stats = this.appendLineBytes(bytes, 0, bytes.length, newline);
    // The text parser counts its lines in the text.
    delete stats.breaks;
    if (stats.first)
      stats.first.at = from + cellDecoder.decode(bytes.subarray(0, stats.first.at)).length;
    return stats;
  }

  /**
   * Adds the lines `bytes[from, to)` (UTF-8), each ending in `newline`, that hold no double
   * quote, so a field is what lies between commas (as papaparse reads quote-free text): each
   * cell is hashed and looked up where it lies, with no string made per cell and no decoding.
   * Blank lines are skipped (unless there is one column: then they are an empty cell); missing
   * cells become empty and cells beyond the header are dropped, as in `append`.
   */
  appendLineBytes(bytes: Uint8Array, from: number, to: number, newline: Newline): LineStats {
    const cols = this.columns;
    const width = cols.length;
    const crlf = newline === '\r\n';
    // The byte that ends a line: LF (also for CRLF, whose CR is checked), or CR.
    const last = newline === '\r' ? 13 : 10;
    const stats: LineStats = { lines: 0, rows: 0, ragged: 0, breaks: 0 };
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let pos = from;
    while (pos < to) {
      let stop = bytes.indexOf(last, pos);
      // In a CRLF text a lone LF is part of a field.
      while (crlf && stop !== -1 && stop < to && (stop === pos || bytes[stop - 1] !== 13)) {
        stats.breaks!++;
        stop = bytes.indexOf(last, stop + 1);
      }
      let end: number;
      let next: number;
      if (stop === -1 || stop >= to) {
        end = to;
        next = to;
      } else {
        end = crlf ? stop - 1 : stop;
        next = stop + 1;
        stats.breaks!++;
      }
      stats.lines++;
      if (end === pos && width !== 1) {
        pos = next;
        continue;
      }
      if (this.length === this.capacity) this.reserve(this.length + 1);
      const r = this.length++;
      let c = 0;
      let start = pos;
      let h = FNV_SEED;
      let packed = 0;
      // Columns indexed below their count: the hot loop of a load. Keys as `cellKey` makes them.
      for (let i = pos; i < end; i++) {
        const b = bytes[i]!;
        if (b === 44) {
          const key = keyOf(i - start, packed, h);
          if (c < width) cols[c]!.setCode(r, cols[c]!.codeAt(bytes, view, start, i, key));
          c++;
          start = i + 1;
          h = FNV_SEED;
          packed = 0;
        } else {
          h = Math.imul(h ^ b, FNV_PRIME);
          packed = (packed << 8) | b;
        }
      }
      const key = keyOf(end - start, packed, h);
      if (c < width) cols[c]!.setCode(r, cols[c]!.codeAt(bytes, view, start, end, key));
      const fields = c + 1;
      for (c = fields; c < width; c++) cols[c]!.set(r, '');
      if (fields !== width) {
        stats.ragged++;
        stats.first ??= { at: pos, row: stats.rows, fields };
      }
      stats.rows++;
      pos = next;
    }
    return stats;
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
