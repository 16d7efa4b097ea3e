import { useEffect, useState } from 'react';

/**
 * False on a component's first render, true once that render has been painted (an animation
 * frame, then a task): what the first screen does not need renders in the second pass, so it
 * neither delays the first paint nor lengthens its task.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
