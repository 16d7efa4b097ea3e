/**
 * Writing CSV (RFC 4180, CRLF line ends) for "Export view as CSV". Cells are written as given,
 * except that a text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or CR
 * first, and not a plain number) gets a leading `'` (OWASP's CSV-injection advice: the report's
 * text comes from the instance, and this derived file is made to be opened in a spreadsheet).
 * A cell is quoted only when it holds a comma, a quote, a line break or edge spaces. Pure.
 */

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA_START = /^[=+\-@\t\r]/;
const SIGNED_NUMBER = /^[+-](\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** One cell, neutralised if it looks like a formula, quoted when needed. */
export function csvCell(value: string | number | null): string {
  let v = value === null ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(v) && !SIGNED_NUMBER.test(v)) v = `'${v}`;
  return NEEDS_QUOTES.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** One record with its CRLF. */
export function csvLine(cells: readonly (string | number | null)[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/**
 * Collects records into string parts of about `partSize` characters (a Blob takes the parts:
 * a million rows never become one giant string).
 */
export class CsvParts {
  readonly parts: string[] = [];
  private current = '';
  constructor(private readonly partSize = 1 << 20) {}
  add(cells: readonly (string | number | null)[]): void {
    this.current += csvLine(cells);
    if (this.current.length >= this.partSize) {
      this.parts.push(this.current);
      this.current = '';
    }
  }
  finish(): string[] {
    if (this.current) this.parts.push(this.current);
    this.current = '';
    return this.parts;
  }
}

/** The derived file's name: `report_….csv` → `report_…-view.csv` (or `-summary-view.csv`). */
export function viewFileName(reportFile: string, what: 'rows' | 'summary'): string {
  const base = reportFile.replace(/\.csv$/i, '');
  return `${base}${what === 'summary' ? '-summary' : ''}-view.csv`;
}
