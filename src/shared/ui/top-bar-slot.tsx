import { useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The id of the element in the app's top bar that a page fills with its own controls. */
export const TOP_BAR_SLOT_ID = 'top-bar-slot';

/**
 * Renders `children` into the app's top bar (src/app/app.tsx): the console's tabs and connection
 * chip share the bar with the app's title and navigation, so the editor starts right under it.
 * The slot is looked up before the first paint (a layout effect), so nothing shifts.
 */
export function TopBarPortal({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => setSlot(document.getElementById(TOP_BAR_SLOT_ID)), []);
  return slot ? createPortal(children, slot) : null;
}
