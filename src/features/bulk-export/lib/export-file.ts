/**
 * The file an export writes: each page's text becomes a Blob as it arrives (the browser keeps
 * Blobs outside the JS heap, on disk when large), so the rows are never all in memory at once;
 * the download is one Blob of those parts. Not the File System Access API: its save picker is a
 * native dialog that a test cannot drive, and Blob parts already keep the heap flat.
 */
import type { Column } from './columns.ts';
import { pageText, type ExportFormat } from './page-text.ts';

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  ndjson: 'application/x-ndjson;charset=utf-8',
};

export class ExportFile {
  private parts: Blob[] = [];

  constructor(
    readonly format: ExportFormat,
    private columns: readonly Column[],
  ) {}

  /** Appends one page's rows (the CSV header with the first page, even an empty one). */
  write(rows: readonly unknown[]): void {
    const text = pageText(this.format, this.columns, rows, this.parts.length === 0);
    this.parts.push(new Blob([text]));
  }

  /** Everything written so far, as one file. */
  blob(): Blob {
    return new Blob(this.parts, { type: MIME[this.format] });
  }
}
