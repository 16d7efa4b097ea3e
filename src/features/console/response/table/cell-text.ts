import { NestedList, type Cell } from './flatten.ts';

/**
 * How a cell is shown. Its kind styles it: `null` reads "null" in the muted colour, a missing
 * cell is blank on a hatched background, an empty text is blank, a nested list reads "3 items".
 * Pure.
 */
export const CellKind = {
  text: 0,
  number: 1,
  boolean: 2,
  null: 3,
  missing: 4,
  list: 5,
} as const;
export type CellKind = (typeof CellKind)[keyof typeof CellKind];

/** Longest text a cell sends to the page; the export writes the whole value. */
const SHOWN_CHARS = 500;

export function cellKind(c: Cell): CellKind {
  if (typeof c === 'string') return CellKind.text;
  if (typeof c === 'number') return CellKind.number;
  if (typeof c === 'boolean') return CellKind.boolean;
  if (c === null) return CellKind.null;
  if (c === undefined) return CellKind.missing;
  return CellKind.list;
}

function itemsLabel(n: number): string {
  return n === 1 ? '1 item' : `${n} items`;
}

/** The text a cell shows (cut to `SHOWN_CHARS`, with "…"). */
export function cellText(c: Cell): string {
  let text: string;
  if (c === null) text = 'null';
  else if (c === undefined) text = '';
  else if (c instanceof NestedList) text = itemsLabel(c.items.length);
  else text = String(c);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}
