import { describe, expect, it } from 'vitest';
import {
  isScaled,
  layoutHeight,
  MAX_LAYOUT_PX,
  maxOffset,
  maxScrollTop,
  offsetForKey,
  offsetFromScrollTop,
  rowSpan,
  scrollTopFromOffset,
  wheelPixels,
  type ScrollGeometry,
} from './scroll-map.ts';

const small: ScrollGeometry = { rows: 1000, rowHeight: 28, viewport: 420 };
const huge: ScrollGeometry = { rows: 5_000_000, rowHeight: 28, viewport: 420 };

describe('scroll map', () => {
  it('below the cap, offset and scrollTop are the same', () => {
    expect(isScaled(small)).toBe(false);
    expect(layoutHeight(small)).toBe(28_000);
    for (const s of [0, 1, 500.5, maxScrollTop(small)]) {
      expect(offsetFromScrollTop(s, small)).toBe(s);
      expect(scrollTopFromOffset(s, small)).toBe(s);
    }
  });

  it('above the cap, the layout stays under it and both ends map onto the ends', () => {
    expect(isScaled(huge)).toBe(true);
    expect(layoutHeight(huge)).toBe(MAX_LAYOUT_PX);
    expect(MAX_LAYOUT_PX).toBeLessThan(17_800_000);
    expect(offsetFromScrollTop(0, huge)).toBe(0);
    expect(offsetFromScrollTop(maxScrollTop(huge), huge)).toBe(maxOffset(huge));
    expect(scrollTopFromOffset(maxOffset(huge), huge)).toBe(maxScrollTop(huge));
    expect(offsetFromScrollTop(maxScrollTop(huge) + 50, huge)).toBe(maxOffset(huge));
    const mid = scrollTopFromOffset(70_000_000, huge);
    expect(offsetFromScrollTop(mid, huge)).toBeCloseTo(70_000_000, 3);
  });

  it('at the end, the last row is the last visible one and ends at the bottom of the layout', () => {
    const span = rowSpan(maxOffset(huge), maxScrollTop(huge), huge, 4);
    expect(span.lastVisible).toBe(huge.rows - 1);
    expect(span.last).toBe(huge.rows - 1);
    const bottom = span.y + (span.last - span.first + 1) * huge.rowHeight;
    expect(bottom).toBe(layoutHeight(huge));
    // …and the bottom of the viewport is the bottom of the last row.
    expect(maxScrollTop(huge) + huge.viewport).toBe(bottom);
  });

  it('draws the first visible row where its offset puts it in the viewport', () => {
    const offset = 1_234_567 * 28 + 10;
    const top = scrollTopFromOffset(offset, huge);
    const span = rowSpan(offset, top, huge, 3);
    expect(span.firstVisible).toBe(1_234_567);
    expect(span.first).toBe(1_234_564);
    // Row firstVisible starts 10 px above the viewport's top.
    expect(span.y + 3 * 28 - top).toBeCloseTo(-10, 6);
    expect(span.lastVisible).toBe(1_234_567 + 15);
  });

  it('shows nothing without rows', () => {
    const empty = { ...small, rows: 0 };
    expect(rowSpan(0, 0, empty, 4)).toMatchObject({ first: 0, last: -1 });
    expect(maxOffset(empty)).toBe(0);
    expect(scrollTopFromOffset(100, empty)).toBe(0);
  });

  it.each([
    ['ArrowDown', 0, 28],
    ['ArrowDown', 30, 56],
    ['ArrowUp', 56, 28],
    ['ArrowUp', 60, 56],
    ['ArrowUp', 0, 0],
    ['PageDown', 0, 14 * 28],
    ['PageUp', 14 * 28 + 5, 0],
    ['Home', 99_999, 0],
    ['End', 0, 5_000_000 * 28 - 420],
    ['PageDown', 5_000_000 * 28 - 430, 5_000_000 * 28 - 420],
  ])('%s from %d goes to %d', (key, from, to) => {
    expect(offsetForKey(key, from, huge)).toBe(to);
  });

  it('ignores other keys; wheel lines and pages become pixels', () => {
    expect(offsetForKey('a', 0, huge)).toBeUndefined();
    expect(wheelPixels(3, 1, huge)).toBe(84);
    expect(wheelPixels(1, 2, huge)).toBe(420);
    expect(wheelPixels(-53, 0, huge)).toBe(-53);
  });
});
