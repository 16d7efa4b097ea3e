/**
 * Writing CSV (RFC 4180, CRLF line ends) for "Export view as CSV". Cells are written exactly as
 * given; a cell is quoted only when it holds a comma, a quote, a line break or edge spaces. Pure.
 */

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One cell, quoted when needed. */
export function csvCell(value: string | number | null): string {
  const v = value === null ? '' : String(value);
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
