import { useEffect, useState } from 'react';

/**
 * How many later pieces of a page to show: none while `active` is false, then one more per
 * frame while fewer than `limit` are shown (a piece waiting for its data holds the ones after
 * it: the limit grows when the data comes). Never fewer once shown, whatever the limit does
 * later, until `active` turns false. The report page builds its table and panels this way, so
 * each piece is built and laid out in a task of its own.
 */
export function useStagedMount(active: boolean, limit: number): number {
  const [shown, setShown] = useState(0);
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    setShown(0);
  }
  useEffect(() => {
    if (!active || shown >= limit) return;
    // The frame after this commit draws it; the next piece is built after that frame.
    const id = requestAnimationFrame(() => setShown((n) => n + 1));
    return () => cancelAnimationFrame(id);
  }, [active, shown, limit]);
  return active ? shown : 0;
}
