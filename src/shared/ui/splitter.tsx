import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { readJson, writeJson } from '../lib/storage.ts';

/** A pane's size in percent of its container, kept in localStorage under `layout:<key>`. */
export function usePaneSize(
  key: string,
  initial: number,
): [number, (next: number) => void, () => void] {
  const storageKey = `layout:${key}`;
  const [size, setSize] = useState(() => {
    const stored = readJson<number | null>(storageKey, null);
    return typeof stored === 'number' && Number.isFinite(stored) ? stored : initial;
  });
  const set = useCallback(
    (next: number) => {
      setSize(next);
      writeJson(storageKey, next);
    },
    [storageKey],
  );
  const reset = useCallback(() => set(initial), [set, initial]);
  return [size, set, reset];
}

interface SplitterProps {
  /** Accessible name, e.g. "Resize the response". */
  label: string;
  /** `vertical`: a vertical bar between panes side by side (it moves left and right). */
  orientation: 'vertical' | 'horizontal';
  /** The size, in percent of the container, of the pane before the bar. */
  value: number;
  min: number;
  max: number;
  onChange(next: number): void;
  /** Double-click or Enter: back to the default size. */
  onReset?(): void;
  /**
   * `%` (default): the size is a share of the bar's parent; `px`: a width in pixels (the side
   * panel), with `min` and `max` in pixels too.
   */
  unit?: '%' | 'px';
  /** For a bar after its pane (`1`, default) or before it (`-1`: dragging right shrinks it). */
  direction?: 1 | -1;
}

const STEP = { '%': 2, px: 16 } as const;

/**
 * A resize bar between two panes, as the WAI-ARIA window splitter pattern: role "separator",
 * focusable, arrows move it, Home/End go to the bounds, Enter resets; a pointer drags it. The
 * parent owns the size (and `usePaneSize` keeps it); ours because splitter libraries add their
 * own layout model to the first load for what these lines do.
 */
export function Splitter(p: SplitterProps) {
  const unit = p.unit ?? '%';
  const dir = p.direction ?? 1;
  const drag = useRef<{ start: number; value: number; extent: number } | null>(null);
  const clamp = (v: number) => Math.min(p.max, Math.max(p.min, Math.round(v * 10) / 10));

  function onKeyDown(e: KeyboardEvent) {
    const back = p.orientation === 'vertical' ? 'ArrowLeft' : 'ArrowUp';
    const forward = p.orientation === 'vertical' ? 'ArrowRight' : 'ArrowDown';
    const step = STEP[unit] * (e.shiftKey ? 4 : 1);
    let next: number | undefined;
    if (e.key === back) next = p.value - step * dir;
    else if (e.key === forward) next = p.value + step * dir;
    else if (e.key === 'Home') next = p.min;
    else if (e.key === 'End') next = p.max;
    else if (e.key === 'Enter' && p.onReset) {
      e.preventDefault();
      p.onReset();
      return;
    }
    if (next === undefined) return;
    e.preventDefault();
    p.onChange(clamp(next));
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (e.button !== 0) return;
    const parent = e.currentTarget.parentElement;
    if (!parent) return;
    const box = parent.getBoundingClientRect();
    const extent = p.orientation === 'vertical' ? box.width : box.height;
    drag.current = {
      start: p.orientation === 'vertical' ? e.clientX : e.clientY,
      value: p.value,
      extent,
    };
    e.currentTarget.setPointerCapture(e.pointerId);
    e.preventDefault();
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d || d.extent <= 0) return;
    const moved = (p.orientation === 'vertical' ? e.clientX : e.clientY) - d.start;
    const delta = unit === '%' ? (moved / d.extent) * 100 : moved;
    p.onChange(clamp(d.value + delta * dir));
  }
  function onPointerUp(e: PointerEvent<HTMLDivElement>) {
    drag.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId))
      e.currentTarget.releasePointerCapture(e.pointerId);
  }

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={p.label}
      aria-orientation={p.orientation}
      aria-valuenow={Math.round(p.value)}
      aria-valuemin={p.min}
      aria-valuemax={p.max}
      title={`${p.label}: drag, or focus and use the arrow keys (Enter resets)`}
      className={`splitter splitter-${p.orientation}`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={p.onReset}
    />
  );
}
