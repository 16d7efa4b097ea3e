import { NestedList, type Cell } from './flatten.ts';

/**
 * The order of a table's rows sorted by one column. Numbers compare as numbers, text with the
 * user's collation and numeric parts as numbers (`v9` before `v10`), `false` before `true`, nested
 * lists by their length; a column of mixed kinds keeps numbers, then booleans, then text, then
 * lists together. `null` and then missing cells come last in both directions (an empty value is
 * never the answer to "largest" or "smallest"). Rows that compare equal keep the list's order.
 * Pure.
 */

export type SortDirection = 'ascending' | 'descending';

export interface SortSpec {
  column: number;
  direction: SortDirection;
}

/** Kinds in the order a mixed column shows them; the last two are the empty ones. */
function rank(c: Cell): number {
  if (typeof c === 'number') return 0;
  if (typeof c === 'boolean') return 1;
  if (typeof c === 'string') return 2;
  if (c instanceof NestedList) return 3;
  return c === null ? 4 : 5;
}

const EMPTY = 4;

function compareSame(a: Cell, b: Cell, r: number, collator: Intl.Collator): number {
  switch (r) {
    case 0:
      return (a as number) - (b as number);
    case 1:
      return Number(a) - Number(b);
    case 2:
      return collator.compare(a as string, b as string);
    case 3:
      return (a as NestedList).items.length - (b as NestedList).items.length;
    default:
      return 0;
  }
}

/** Row indexes of `column` (one cell per row) in sorted order. */
export function sortedOrder(
  column: readonly Cell[],
  direction: SortDirection,
  collator = new Intl.Collator(undefined, { numeric: true }),
): Uint32Array {
  const ranks = Uint8Array.from(column, rank);
  const sign = direction === 'ascending' ? 1 : -1;
  const order = Array.from({ length: column.length }, (_, i) => i);
  order.sort((i, j) => {
    const ri = ranks[i]!;
    const rj = ranks[j]!;
    if (ri >= EMPTY || rj >= EMPTY) return ri - rj;
    const d = ri === rj ? compareSame(column[i], column[j], ri, collator) : ri - rj;
    return d * sign;
  });
  return Uint32Array.from(order);
}
