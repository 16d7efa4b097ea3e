/**
 * The pivot engine: groups a report's rows by one or two keys (a column's value, a date's day /
 * ISO week / month, a date range) and computes count, distinct count, sum, mean, min and max per
 * group. Runs in the report worker over the columnar store (dictionary + codes per column), so a
 * million rows cost one pass and a little work per distinct value. Pure.
 */
import { parseNumber } from './csv-types.ts';
import { periodKey, type Period } from './periods.ts';

/** One column as the store keeps it: distinct values and a code per row. */
export interface ColumnData {
  readonly dict: readonly string[];
  readonly codes: Uint32Array;
}

/** The rows to summarise: `rows` (indexes into the columns) or the first `length` rows. */
export interface RowSource {
  readonly columns: readonly ColumnData[];
  readonly length: number;
  readonly rows?: Uint32Array;
}

/** A date range for grouping (both bounds inclusive, compared at the values' own precision). */
export interface DateRange {
  label: string;
  from: string;
  to: string;
}

/** A grouping key. */
export interface GroupBy {
  column: number;
  /** Group a date column by its day, ISO week or month. */
  per?: Period;
  /** Only these keys stay; every other value becomes {@link OTHER}. */
  keep?: readonly string[];
  /** Group by the range a date falls in; rows outside every range are left out. */
  ranges?: readonly DateRange[];
}

/** The key of every value outside `keep`. */
export const OTHER = 'Other';

export type Measure =
  | { op: 'count' }
  | { op: 'distinct'; column: number }
  /** Over each row's value: the sum of the columns' numbers (empty cells ignored). */
  | { op: 'sum' | 'mean' | 'min' | 'max'; columns: readonly number[] }
  /** The first non-empty value in file order (a label, e.g. the username of a user ID). */
  | { op: 'first'; column: number };

export type Cell = number | string | null;

export interface SummaryRow {
  keys: string[];
  values: Cell[];
}

export interface Summary {
  rows: SummaryRow[];
  /** Rows of the source that fell into a group. */
  rowsUsed: number;
}

/** Per dictionary code: the group index of the value (-1: row left out), plus the group labels. */
function keyIndex(col: ColumnData, g: GroupBy): { index: Int32Array; labels: string[] } {
  const labels: string[] = [];
  const byLabel = new Map<string, number>();
  const keep = g.keep ? new Set(g.keep) : undefined;
  const index = new Int32Array(col.dict.length);
  for (let c = 0; c < col.dict.length; c++) {
    const raw = col.dict[c];
    let label: string | undefined;
    if (g.ranges) {
      const v = raw.trim();
      const r = g.ranges.find((x) => {
        const at = v.slice(0, x.from.length);
        return at.length === x.from.length && at >= x.from && at <= x.to;
      });
      label = r?.label;
    } else {
      label = g.per ? periodKey(raw, g.per) : raw;
      if (keep && !keep.has(label)) label = OTHER;
    }
    if (label === undefined) {
      index[c] = -1;
      continue;
    }
    let k = byLabel.get(label);
    if (k === undefined) {
      k = labels.length;
      labels.push(label);
      byLabel.set(label, k);
    }
    index[c] = k;
  }
  return { index, labels };
}

function isBlank(v: string): boolean {
  return v.trim() === '';
}

/** Groups the rows of `source` and computes `measures` per group (groups in first-seen order). */
export function summarize(
  source: RowSource,
  groups: readonly GroupBy[],
  measures: readonly Measure[],
): Summary {
  const cols = source.columns;
  const keys = groups.map((g) => (cols[g.column] ? keyIndex(cols[g.column], g) : undefined));
  if (keys.some((k) => !k)) return { rows: [], rowsUsed: 0 };
  const ks = keys as { index: Int32Array; labels: string[] }[];
  const numbers = new Map<number, Float64Array>();
  const numbersOf = (c: number) => {
    let n = numbers.get(c);
    if (!n) {
      n = Float64Array.from(cols[c]?.dict ?? [], (v) => parseNumber(v));
      numbers.set(c, n);
    }
    return n;
  };
  const blanks = new Map<number, Uint8Array>();
  const blanksOf = (c: number) => {
    let b = blanks.get(c);
    if (!b) {
      b = Uint8Array.from(cols[c]?.dict ?? [], (v) => (isBlank(v) ? 1 : 0));
      blanks.set(c, b);
    }
    return b;
  };
  const valid = measures.filter((m) =>
    'columns' in m ? m.columns.every((c) => cols[c]) : m.op === 'count' || cols[m.column],
  );
  const perGroup: {
    count: number[];
    sum: number[];
    n: number[];
    min: number[];
    max: number[];
    sets: Set<number>[];
    first: number[];
  }[] = valid.map(() => ({ count: [], sum: [], n: [], min: [], max: [], sets: [], first: [] }));

  const groupOf = new Map<number, number>();
  const groupKeys: number[][] = [];
  const n = source.rows ? source.rows.length : source.length;
  let used = 0;
  const sizes = ks.map((k) => k.labels.length + 1);
  for (let i = 0; i < n; i++) {
    const r = source.rows ? source.rows[i] : i;
    let combined = 0;
    let skip = false;
    for (let g = 0; g < ks.length; g++) {
      const k = ks[g].index[cols[groups[g].column].codes[r]];
      if (k < 0) {
        skip = true;
        break;
      }
      combined = combined * sizes[g] + k;
    }
    if (skip) continue;
    used++;
    let gi = groupOf.get(combined);
    if (gi === undefined) {
      gi = groupKeys.length;
      groupOf.set(combined, gi);
      groupKeys.push(ks.map((_, g) => ks[g].index[cols[groups[g].column].codes[r]]));
    }
    for (let m = 0; m < valid.length; m++) {
      const spec = valid[m];
      const acc = perGroup[m];
      switch (spec.op) {
        case 'count':
          acc.count[gi] = (acc.count[gi] ?? 0) + 1;
          break;
        case 'distinct': {
          const code = cols[spec.column].codes[r];
          if (blanksOf(spec.column)[code]) break;
          (acc.sets[gi] ??= new Set()).add(code);
          break;
        }
        case 'first': {
          if (acc.first[gi] !== undefined) break;
          const code = cols[spec.column].codes[r];
          if (!blanksOf(spec.column)[code]) acc.first[gi] = code;
          break;
        }
        default: {
          let v = NaN;
          for (const c of spec.columns) {
            const x = numbersOf(c)[cols[c].codes[r]];
            if (!Number.isNaN(x)) v = Number.isNaN(v) ? x : v + x;
          }
          if (Number.isNaN(v)) break;
          acc.sum[gi] = (acc.sum[gi] ?? 0) + v;
          acc.n[gi] = (acc.n[gi] ?? 0) + 1;
          if (acc.min[gi] === undefined || v < acc.min[gi]) acc.min[gi] = v;
          if (acc.max[gi] === undefined || v > acc.max[gi]) acc.max[gi] = v;
        }
      }
    }
  }

  const rows: SummaryRow[] = groupKeys.map((gk, gi) => ({
    keys: gk.map((k, g) => ks[g].labels[k]),
    values: measures.map((spec) => {
      const m = valid.indexOf(spec);
      if (m < 0) return null;
      const acc = perGroup[m];
      switch (spec.op) {
        case 'count':
          return acc.count[gi] ?? 0;
        case 'distinct':
          return acc.sets[gi]?.size ?? 0;
        case 'first':
          return acc.first[gi] === undefined ? null : cols[spec.column].dict[acc.first[gi]];
        case 'sum':
          return acc.sum[gi] ?? null;
        case 'mean':
          return acc.n[gi] ? acc.sum[gi] / acc.n[gi] : null;
        case 'min':
          return acc.min[gi] ?? null;
        case 'max':
          return acc.max[gi] ?? null;
      }
    }),
  }));
  return { rows, rowsUsed: used };
}

/** How a summary is ordered: by key `column` (< keys) or measure `column - keys`. */
export interface SummarySort {
  column: number;
  direction: 'ascending' | 'descending';
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

function compareKey(a: string, b: string): number {
  if (a === b) return 0;
  // Empty keys last; numeric identifiers in numeric order; OTHER after every real value.
  if (a === '') return 1;
  if (b === '') return -1;
  if (a === OTHER) return 1;
  if (b === OTHER) return -1;
  if (NUMERIC.test(a) && NUMERIC.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : 1;
}

function compareCell(a: Cell, b: Cell): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return compareKey(a === null ? '' : String(a), b === null ? '' : String(b));
}

/** Sorts summary rows (stable; ties and empty cells keep key order, empties last). */
export function sortSummary(rows: readonly SummaryRow[], sort: SummarySort): SummaryRow[] {
  const keyCount = rows[0]?.keys.length ?? 0;
  const byKeys = (a: SummaryRow, b: SummaryRow) => {
    for (let k = 0; k < a.keys.length; k++) {
      const d = compareKey(a.keys[k], b.keys[k]);
      if (d) return d;
    }
    return 0;
  };
  const cell = (r: SummaryRow): Cell =>
    sort.column < keyCount ? r.keys[sort.column] : (r.values[sort.column - keyCount] ?? null);
  const sign = sort.direction === 'descending' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = cell(a);
    const y = cell(b);
    const ex = x === null || x === '';
    const ey = y === null || y === '';
    if (ex !== ey) return ex ? 1 : -1;
    return (ex ? 0 : sign * compareCell(x, y)) || byKeys(a, b);
  });
}
