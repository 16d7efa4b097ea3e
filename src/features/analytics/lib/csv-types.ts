/**
 * Column type detection, number formatting and per-column filter expressions for the report
 * preview. Pure: used by the worker store (types, filters) and the table (formatting).
 */

/** What a column holds, decided from all its non-empty values. */
export type ColumnType = 'number' | 'date' | 'text';

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const DATE = /^\d{4}-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?(?:[T ][\d:.]+Z?)?$/;

/** The number a CSV cell holds, or NaN when it is empty or not a plain number. */
export function parseNumber(value: string): number {
  const v = value.trim();
  return NUMBER.test(v) ? Number(v) : NaN;
}

/** True for `YYYY-MM`, `YYYY-MM-DD` and ISO timestamps. */
export function isDateValue(value: string): boolean {
  return DATE.test(value.trim());
}

/** Running counts of what a column's values look like (fed one distinct value at a time). */
export interface TypeTally {
  nonEmpty: number;
  numbers: number;
  dates: number;
}

/** A fresh tally. */
export function newTally(): TypeTally {
  return { nonEmpty: 0, numbers: 0, dates: 0 };
}

/** Adds one value to a tally. */
export function tallyValue(t: TypeTally, value: string): void {
  if (value.trim() === '') return;
  t.nonEmpty++;
  if (!Number.isNaN(parseNumber(value))) t.numbers++;
  else if (isDateValue(value)) t.dates++;
}

/** The type of a column: number or date when every non-empty value is one, text otherwise. */
export function columnType(t: TypeTally): ColumnType {
  if (t.nonEmpty === 0) return 'text';
  if (t.numbers === t.nonEmpty) return 'number';
  if (t.dates === t.nonEmpty) return 'date';
  return 'text';
}

const formatter = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });

/** Formats a numeric cell for display (grouping, at most 4 decimals); other text is returned as is. */
export function formatNumberCell(value: string, nf: Intl.NumberFormat = formatter): string {
  const n = parseNumber(value);
  return Number.isNaN(n) ? value : nf.format(n);
}

/** Predicate of a filter expression over one cell's raw text. */
export type CellPredicate = (value: string) => boolean;

const COMPARISON = /^(>=|<=|!=|=|>|<)\s*(.+)$/;

/**
 * Compiles a column filter. Numbers accept `>10`, `<=2.5`, `=3`, `!=0`; every type accepts plain
 * text (case-insensitive "contains") and `=text` (exact). Empty filter → undefined (no filter).
 */
export function compileFilter(expr: string, type: ColumnType): CellPredicate | undefined {
  const e = expr.trim();
  if (!e) return undefined;
  const m = COMPARISON.exec(e);
  if (m && type === 'number' && !Number.isNaN(parseNumber(m[2]))) {
    const x = parseNumber(m[2]);
    const op = m[1];
    return (v) => {
      const n = parseNumber(v);
      if (Number.isNaN(n)) return op === '!=';
      switch (op) {
        case '>':
          return n > x;
        case '>=':
          return n >= x;
        case '<':
          return n < x;
        case '<=':
          return n <= x;
        case '=':
          return n === x;
        default:
          return n !== x;
      }
    };
  }
  if (m && (m[1] === '=' || m[1] === '!=')) {
    const target = m[2].trim().toLowerCase();
    return m[1] === '=' ? (v) => v.toLowerCase() === target : (v) => v.toLowerCase() !== target;
  }
  const needle = e.toLowerCase();
  return (v) => v.toLowerCase().includes(needle);
}
