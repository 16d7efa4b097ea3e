/**
 * Scaled scrolling for a table of fixed-height rows that may be taller than a browser can lay
 * out (Chrome stops growing an element at ~33.5 M px: ~1.19 M rows of 28 px; Firefox at
 * ~17.9 M px). The table is laid out at most {@link MAX_LAYOUT_PX} tall and its scroll range
 * is mapped linearly onto the rows' full height: the *offset* is the top of the viewport in
 * row pixels (row i starts at offset i × rowHeight), `scrollTop` its place in the layout.
 * Below the cap the two are equal. Pure.
 */

/** Tallest layout the table gets: under every browser's element height cap. */
export const MAX_LAYOUT_PX = 10_000_000;

export interface ScrollGeometry {
  rows: number;
  rowHeight: number;
  /** Height of the area rows show in: the scroller's client height minus its sticky header. */
  viewport: number;
  /** Layout cap (defaults to {@link MAX_LAYOUT_PX}). */
  maxLayout?: number;
}

/** Height the rows are laid out at. */
export function layoutHeight(g: ScrollGeometry): number {
  return Math.min(g.rows * g.rowHeight, g.maxLayout ?? MAX_LAYOUT_PX);
}

/** Largest offset: the last row's bottom at the viewport's bottom. */
export function maxOffset(g: ScrollGeometry): number {
  return Math.max(0, g.rows * g.rowHeight - g.viewport);
}

/** Largest scrollTop of the laid-out rows. */
export function maxScrollTop(g: ScrollGeometry): number {
  return Math.max(0, layoutHeight(g) - g.viewport);
}

/** True when the rows are taller than their layout (one pixel of scrolling moves more). */
export function isScaled(g: ScrollGeometry): boolean {
  return maxOffset(g) > maxScrollTop(g);
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** The offset shown at a scrollTop (the same number when the rows fit their layout). */
export function offsetFromScrollTop(scrollTop: number, g: ScrollGeometry): number {
  const top = maxScrollTop(g);
  if (top <= 0) return 0;
  const s = clamp(scrollTop, 0, top);
  return isScaled(g) ? (s / top) * maxOffset(g) : s;
}

/** The scrollTop that shows an offset. */
export function scrollTopFromOffset(offset: number, g: ScrollGeometry): number {
  const max = maxOffset(g);
  if (max <= 0) return 0;
  const o = clamp(offset, 0, max);
  return isScaled(g) ? (o / max) * maxScrollTop(g) : o;
}

/** An offset kept within the rows. */
export function clampOffset(offset: number, g: ScrollGeometry): number {
  return clamp(offset, 0, maxOffset(g));
}

/** The rows to render and where the first of them is drawn. */
export interface RowSpan {
  /** View indexes of the first and last rows to render (last < first: none). */
  first: number;
  last: number;
  /** Top of row `first` in the layout, relative to the top of the rows (may be negative). */
  y: number;
  /** First and last rows at least partly inside the viewport. */
  firstVisible: number;
  lastVisible: number;
}

/** Rows visible at `offset` (plus `overscan` on each side) when the layout is at `scrollTop`. */
export function rowSpan(
  offset: number,
  scrollTop: number,
  g: ScrollGeometry,
  overscan: number,
): RowSpan {
  if (g.rows <= 0) return { first: 0, last: -1, y: 0, firstVisible: 0, lastVisible: -1 };
  const firstVisible = clamp(Math.floor(offset / g.rowHeight), 0, g.rows - 1);
  const end = offset + Math.max(g.viewport, 1);
  const lastVisible = clamp(Math.ceil(end / g.rowHeight) - 1, firstVisible, g.rows - 1);
  const first = Math.max(0, firstVisible - overscan);
  const last = Math.min(g.rows - 1, lastVisible + overscan);
  return { first, last, y: scrollTop - (offset - first * g.rowHeight), firstVisible, lastVisible };
}

/** Keys that scroll the rows: arrows by a row, Page Up/Down by a screen, Home/End to the ends. */
export function offsetForKey(key: string, offset: number, g: ScrollGeometry): number | undefined {
  const rh = g.rowHeight;
  const row = Math.floor(offset / rh);
  const page = Math.max(1, Math.floor(g.viewport / rh) - 1);
  switch (key) {
    case 'ArrowDown':
      return clampOffset((row + 1) * rh, g);
    case 'ArrowUp':
      return clampOffset((offset % rh === 0 ? row - 1 : row) * rh, g);
    case 'PageDown':
      return clampOffset((row + page) * rh, g);
    case 'PageUp':
      return clampOffset((row - page) * rh, g);
    case 'Home':
      return 0;
    case 'End':
      return maxOffset(g);
    default:
      return undefined;
  }
}

/** Pixels a wheel event asks to scroll (its delta in lines or pages converted). */
export function wheelPixels(deltaY: number, deltaMode: number, g: ScrollGeometry): number {
  if (deltaMode === 1) return deltaY * g.rowHeight;
  if (deltaMode === 2) return deltaY * g.viewport;
  return deltaY;
}
