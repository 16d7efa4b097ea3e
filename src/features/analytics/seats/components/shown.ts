import { createElement, type ReactNode } from 'react';

/** Rows a seat table shows (the rest are in its CSV or counted). */
export const SHOWN = 100;

/** "The first 100 of 1,234 are shown: …", when a list is cut. */
export function shownNote(total: number, rest: string): ReactNode {
  if (total <= SHOWN) return null;
  return createElement(
    'p',
    { className: 'an-hint' },
    `The first ${SHOWN} of ${total.toLocaleString('en-US')} are shown: ${rest}.`,
  );
}
