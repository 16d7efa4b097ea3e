import { useEffect, useState } from 'react';
import { stepPerFrame } from '../lib/frame-steps.ts';

/**
 * How many of `stages` later pieces of a page to show: none while `active` is false, then one
 * more per frame (`lib/frame-steps.ts`). The report page mounts its panels this way after the
 * table, so each piece is built and laid out in a task of its own.
 */
export function useStagedMount(active: boolean, stages: number): number {
  const [shown, setShown] = useState(0);
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    setShown(0);
  }
  useEffect(() => (active ? stepPerFrame(stages, setShown) : undefined), [active, stages]);
  return active ? shown : 0;
}
