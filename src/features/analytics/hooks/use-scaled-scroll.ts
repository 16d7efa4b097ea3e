import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import {
  clampOffset,
  isScaled,
  maxOffset,
  offsetForKey,
  offsetFromScrollTop,
  scrollTopFromOffset,
  wheelPixels,
  type ScrollGeometry,
} from '../lib/scroll-map.ts';

interface Position {
  /** Top of the viewport in row pixels (see lib/scroll-map.ts). */
  offset: number;
  /** The scroller's scrollTop when `offset` was set. */
  scrollTop: number;
}

/**
 * Connects a scroller of fixed-height rows to the scaled scroll map (`lib/scroll-map.ts`), so
 * any number of rows can be reached: the scrollbar maps proportionally, the wheel moves by the
 * pixels it asks for, and the arrows, Page Up/Down and Home/End (Ctrl too) move by rows, pages
 * and to the ends. Keeps the offset when the row count changes (a stream, a new view).
 * `active` is false while the scroller is not rendered. The viewport (the scroller's height
 * below the header) is `estimate` until the ResizeObserver's first callback, in the frame that
 * lays the scroller out, says what it is: reading it from the elements would force a layout of
 * the page just built, in the task that built it.
 */
export function useScaledScroll(
  rows: number,
  rowHeight: number,
  active: boolean,
  estimate: number,
) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [viewport, setViewport] = useState(estimate);
  const [pos, setPos] = useState<Position>({ offset: 0, scrollTop: 0 });
  const geometry: ScrollGeometry = { rows, rowHeight, viewport };
  const geo = useRef(geometry);
  const offset = useRef(0);
  /** The scroller's scrollTop as last seen or set (reading it would force a layout). */
  const top = useRef(0);
  /** The scrollTop we set ourselves: its scroll event keeps our exact offset. */
  const expected = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    geo.current = { rows, rowHeight, viewport };
  });

  const go = useCallback((target: number) => {
    const el = scrollRef.current;
    if (!el) return;
    const g = geo.current;
    const o = clampOffset(target, g);
    const s = scrollTopFromOffset(o, g);
    const before = el.scrollTop;
    el.scrollTop = s;
    const now = el.scrollTop;
    expected.current = now !== before ? now : undefined;
    offset.current = o;
    top.current = now;
    setPos({ offset: o, scrollTop: now });
  }, []);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!active || !el) return;
    const head = headRef.current;
    // Sizes from the observer's entries only (its first callback has both): reading them from the
    // elements would force a layout each time the table changed.
    const sizes: { scroller?: number; head?: number } = { head: head ? undefined : 0 };
    const ro = new ResizeObserver((entries) => {
      for (const e of entries) {
        const box = e.target === el ? e.contentBoxSize[0] : e.borderBoxSize[0];
        const size = box?.blockSize ?? 0;
        if (e.target === el) sizes.scroller = size;
        else sizes.head = size;
      }
      if (sizes.scroller === undefined || sizes.head === undefined) return;
      setViewport(Math.max(0, sizes.scroller - sizes.head));
    });
    ro.observe(el);
    if (head) ro.observe(head);
    return () => ro.disconnect();
  }, [active]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!active || !el) return;
    const onScroll = () => {
      const s = el.scrollTop;
      top.current = s;
      const mine = expected.current !== undefined && Math.abs(s - expected.current) < 1;
      expected.current = undefined;
      if (!mine) offset.current = offsetFromScrollTop(s, geo.current);
      setPos({ offset: offset.current, scrollTop: s });
    };
    // Above the layout cap one pixel of scrollbar is many rows; the wheel keeps its own pace.
    const onWheel = (e: WheelEvent) => {
      const g = geo.current;
      if (!isScaled(g) || e.ctrlKey || Math.abs(e.deltaY) < Math.abs(e.deltaX)) return;
      const delta = wheelPixels(e.deltaY, e.deltaMode, g);
      const o = offset.current;
      // At either end the page scrolls on, as it would with a native scroller.
      if ((delta < 0 && o <= 0) || (delta > 0 && o >= maxOffset(g))) return;
      e.preventDefault();
      go(o + delta);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('wheel', onWheel);
    };
  }, [active, go]);

  // A new row count or viewport: stay on the same rows, move the scrollbar to match.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!active || !el) return;
    const g = { rows, rowHeight, viewport };
    const o = clampOffset(offset.current, g);
    const s = scrollTopFromOffset(o, g);
    if (o === offset.current && Math.abs(top.current - s) < 1) return;
    geo.current = g;
    go(o);
  }, [active, rows, rowHeight, viewport, go]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      // Keys typed into the header's filter boxes are theirs.
      if (e.target !== e.currentTarget || e.altKey || e.shiftKey) return;
      const o = offsetForKey(e.key, offset.current, geo.current);
      if (o === undefined) return;
      e.preventDefault();
      go(o);
    },
    [go],
  );

  return { scrollRef, headRef, geometry, offset: pos.offset, scrollTop: pos.scrollTop, onKeyDown };
}
