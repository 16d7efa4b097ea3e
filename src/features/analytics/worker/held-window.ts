import type { RowWindow } from '../lib/csv-store.ts';

/** What the window is read from: the report's store once its header is known. */
export interface WindowSource {
  viewLength(): number;
  window(start: number, count: number): RowWindow;
}

const NO_ROWS: RowWindow = { start: 0, rows: [], rowNumbers: [] };

/**
 * The `window` call, the one way rows reach the page: answered at once when the view has a row
 * in its range or the load has ended; otherwise held, and answered by `rowsArrived` (with each
 * progress sent) once it has. The page asks for its first screen as it starts the load, so the
 * first rows leave with the first progress that holds them, with no round trip after. A newer
 * call answers a held one with what there is (the page shows only the answer to its latest).
 */
export class HeldWindow {
  private held: { start: number; count: number; resolve(rows: RowWindow): void } | undefined;
  private ended = false;

  constructor(private readonly source: () => WindowSource | undefined) {}

  ask(start: number, count: number): RowWindow | Promise<RowWindow> {
    this.answer();
    if (this.ended || this.hasRows(start)) return this.read(start, count);
    return new Promise((resolve) => (this.held = { start, count, resolve }));
  }

  /** Rows may have arrived: a held call with a row in its range is answered. */
  rowsArrived(): void {
    if (this.held && this.hasRows(this.held.start)) this.answer();
  }

  /** The load has ended: a held call is answered with what there is, later ones at once. */
  end(): void {
    this.ended = true;
    this.answer();
  }

  private hasRows(start: number): boolean {
    return (this.source()?.viewLength() ?? 0) > start;
  }

  private read(start: number, count: number): RowWindow {
    return this.source()?.window(start, count) ?? NO_ROWS;
  }

  private answer(): void {
    const held = this.held;
    this.held = undefined;
    held?.resolve(this.read(held.start, held.count));
  }
}
