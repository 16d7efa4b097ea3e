import Papa from 'papaparse';
import { NestedList, type Cell } from './flatten.ts';

/**
 * "Export table as CSV": the rows shown, in the order shown, as RFC 4180 CSV (CRLF, a field
 * quoted when it holds a comma, a quote, a line break or edge spaces), the column names first.
 * A cell is written as the table shows it, in full, except that `null` and missing cells are
 * empty (as spreadsheets and CSV readers expect) and a nested list is its JSON (a count is of no
 * use in a spreadsheet). A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`,
 * tab or CR first, and not a plain signed number) gets a leading `'` (OWASP's CSV-injection
 * advice: the values come from the instance, and the file is made to be opened in a spreadsheet).
 * Pure.
 */

const FORMULA = /^(?![+-](\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$)[=+\-@\t\r]/;

/** Rows per `Papa.unparse` call: the file is a Blob of parts, never one giant string. */
const PART_ROWS = 5000;

function csvValue(c: Cell): string | number | boolean {
  if (c === null || c === undefined) return '';
  if (c instanceof NestedList) return JSON.stringify(c.items);
  return c;
}

/** The CSV text in parts (each ends with CRLF), rows taken in `order`. */
export function tableCsvParts(
  columns: readonly string[],
  rows: readonly (readonly Cell[])[],
  order: ArrayLike<number>,
): string[] {
  // One column of an empty text would be an empty line, which readers skip: quote it.
  const quotes = (value: unknown) => columns.length === 1 && value === '';
  const config = { newline: '\r\n', escapeFormulae: FORMULA, quotes };
  const parts = [Papa.unparse([columns as string[]], { ...config, quotes: false }) + '\r\n'];
  for (let start = 0; start < order.length; start += PART_ROWS) {
    const data: (string | number | boolean)[][] = [];
    const end = Math.min(order.length, start + PART_ROWS);
    for (let i = start; i < end; i++) data.push(rows[order[i]!]!.map(csvValue));
    parts.push(Papa.unparse(data, config) + '\r\n');
  }
  return parts;
}
