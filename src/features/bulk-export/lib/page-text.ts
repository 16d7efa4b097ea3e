/**
 * One page of rows as text: CSV (RFC 4180 through papaparse, CRLF, the header only on the
 * first page) or NDJSON (one object per row, keyed by column). Each page's text ends with a
 * line break, so pages are concatenated as they come. Cells follow the response Table's CSV:
 * `null` and missing empty, a list of scalars joined with ", ", a list of objects or an object
 * as JSON, a text a spreadsheet would run as a formula prefixed with `'` (OWASP). NDJSON keeps
 * the values as they came (lists as lists, null as null). Pure.
 */
import Papa from 'papaparse';
import type { Column } from './columns.ts';

export type ExportFormat = 'csv' | 'ndjson';

const FORMULA = /^(?![+-](\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$)[=+\-@\t\r]/;

/** The value of `row` at `path`: undefined when the path is not there, null when null. */
export function valueAt(row: unknown, path: readonly string[]): unknown {
  let v = row;
  for (const key of path) {
    if (v === null) return null;
    if (typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** A CSV cell for a value (see the file's comment). */
function csvCell(v: unknown): string | number | boolean {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) {
    if (v.some((item) => typeof item === 'object' && item !== null)) return JSON.stringify(v);
    return v.map((item) => (item === null ? 'null' : String(item))).join(', ');
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return v as string | number | boolean;
}

export function pageText(
  format: ExportFormat,
  columns: readonly Column[],
  rows: readonly unknown[],
  withHeader: boolean,
): string {
  if (format === 'ndjson') {
    let out = '';
    for (const row of rows) {
      const o: Record<string, unknown> = {};
      for (const c of columns) o[c.name] = valueAt(row, c.path) ?? null;
      out += JSON.stringify(o) + '\n';
    }
    return out;
  }
  // One column of an empty text would be an empty line, which readers skip: quote it.
  const quotes = (value: unknown) => columns.length === 1 && value === '';
  const config = { newline: '\r\n', escapeFormulae: FORMULA, quotes };
  const header = withHeader
    ? Papa.unparse([columns.map((c) => c.name)], { ...config, quotes: false }) + '\r\n'
    : '';
  if (rows.length === 0) return header;
  const data = rows.map((row) => columns.map((c) => csvCell(valueAt(row, c.path))));
  return header + Papa.unparse(data, config) + '\r\n';
}
