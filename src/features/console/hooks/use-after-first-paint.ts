import { startTransition, useEffect, useState } from 'react';

/**
 * False for the page's first render, true once that render has been painted (an animation
 * frame runs just before the paint, a task posted from it right after). The update is a
 * transition: React renders what it reveals in slices, so keys typed meanwhile are handled
 * between them.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (live) startTransition(() => setPainted(true));
      }, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
