/**
 * Column type detection, number formatting and per-column filter expressions for the report
 * preview. Pure: used by the worker store (types, filters) and the table (formatting).
 */

/** What a column holds, decided from all its non-empty values. */
export type ColumnType = 'number' | 'date' | 'text';

const NUMBER = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
const LEADING_ZERO = /^[-+]?0\d/;
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
  /** Numbers written with a leading zero (`007`, `02139`): identifiers, not quantities. */
  leadingZeros: number;
}

/** A fresh tally. */
export function newTally(): TypeTally {
  return { nonEmpty: 0, numbers: 0, dates: 0, leadingZeros: 0 };
}

/** Adds one value to a tally. */
export function tallyValue(t: TypeTally, value: string): void {
  if (value.trim() === '') return;
  t.nonEmpty++;
  if (!Number.isNaN(parseNumber(value))) {
    t.numbers++;
    if (LEADING_ZERO.test(value.trim())) t.leadingZeros++;
  } else if (isDateValue(value)) t.dates++;
}

/** The type of a column: number or date when every non-empty value is one, text otherwise. */
export function columnType(t: TypeTally): ColumnType {
  if (t.nonEmpty === 0) return 'text';
  if (t.numbers === t.nonEmpty) return 'number';
  if (t.dates === t.nonEmpty) return 'date';
  return 'text';
}

/** Digit-group and decimal separators of a locale. */
export interface Separators {
  group: string;
  decimal: string;
}

function localeSeparators(): Separators {
  const parts = new Intl.NumberFormat(undefined).formatToParts(1234567.5);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

let defaultSeparators: Separators | undefined;
const PLAIN_DECIMAL = /^(-?)([1-9]\d*|0)(?:\.(\d+))?$/;

/**
 * Formats a measure's cell for display: digit grouping and the locale's decimal sign, every digit
 * kept (never rounded, exact beyond 2^53). Anything else (leading zeros, exponents, a `+` sign,
 * spaces, text) is returned exactly as sent.
 */
export function formatNumberCell(value: string, seps?: Separators): string {
  const m = PLAIN_DECIMAL.exec(value);
  if (!m) return value;
  const [, sign = '', digits = '', fraction] = m;
  const s = seps ?? (defaultSeparators ??= localeSeparators());
  const int = digits.replace(/\B(?=(\d{3})+(?!\d))/g, s.group);
  return `${sign}${int}${fraction === undefined ? '' : s.decimal + fraction}`;
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
  const [, op = '', operand = ''] = m ?? [];
  if (m && type === 'number' && !Number.isNaN(parseNumber(operand))) {
    const x = parseNumber(operand);
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
  if (m && (op === '=' || op === '!=')) {
    const target = operand.trim().toLowerCase();
    return op === '=' ? (v) => v.toLowerCase() === target : (v) => v.toLowerCase() !== target;
  }
  const needle = e.toLowerCase();
  return (v) => v.toLowerCase().includes(needle);
}
