import { useEffect, useState } from 'react';
import { afterNextPaint } from '../../../shared/lib/schedule.ts';

/**
 * False on a component's first render, true once that render has been painted (an animation
 * frame, then a task): what the first screen does not need renders in the second pass, so it
 * neither delays the first paint nor lengthens its task.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
