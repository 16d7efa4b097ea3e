/**
 * The export's file and the page being read: `read` parses a page's answer and holds its rows,
 * `write` appends them to the file (only once the loop has checked the page), `file` is the file
 * so far. It runs in the export worker (worker/page-writer.worker.ts), so parsing and writing
 * never take the main thread; unit tests use it in-process.
 */
import type { Column } from './columns.ts';
import { ExportFile } from './export-file.ts';
import type { ExportFormat } from './page-text.ts';
import { readPage } from './read-page.ts';
import type { PagedOperation } from './rewrite.ts';

/** What the loop needs of a page: its size and where the next one starts. */
interface PageMeta {
  rows: number;
  totalCount?: number;
  hasNextPage: boolean;
  endCursor: string | null;
}

export type PageRead = { ok: true; page: PageMeta } | { ok: false; error: string };

export interface StoreSpec {
  format: ExportFormat;
  columns: Column[];
  path: string[];
  rows: PagedOperation['rows'];
}

const decoder = new TextDecoder();

function snippet(text: string): string {
  const t = text.trim();
  return t ? `: ${t.length > 200 ? t.slice(0, 200) + '…' : t}` : '';
}

export class PageStore {
  private file: ExportFile;
  private held: unknown[] | undefined;

  constructor(private spec: StoreSpec) {
    this.file = new ExportFile(spec.format, spec.columns);
  }

  /** Parses a 200 answer's body (bytes or text) and holds its rows for `write`. */
  read(body: ArrayBuffer | string): PageRead {
    this.held = undefined;
    const text = typeof body === 'string' ? body : decoder.decode(body);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, error: `The answer is not JSON${snippet(text)}` };
    }
    const r = readPage(json, this.spec);
    if (!r.ok) return r;
    this.held = r.page.rows;
    const { rows, ...rest } = r.page;
    return { ok: true, page: { ...rest, rows: rows.length } };
  }

  /** Appends the rows `read` holds to the file. */
  write(): void {
    if (!this.held) throw new Error('No page read to write.');
    this.file.write(this.held);
    this.held = undefined;
  }

  blob(): Blob {
    return this.file.blob();
  }
}
