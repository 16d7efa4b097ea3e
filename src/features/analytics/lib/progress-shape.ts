/**
 * Progress arrives several times a second while a report streams, but most of it (the header,
 * column types and roles, periods, ragged rows, quote problems, filters) rarely changes. `stableProgress` keeps
 * the previous objects when they are equal, so memoized components can compare by reference;
 * `sameShape` says whether anything but the byte and row counters changed.
 */
import type { Progress } from '../worker/protocol.ts';

/** Equal as JSON (small arrays and objects: the header, types, roles, periods). */
function same<T>(a: T, b: T): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** `next`, with the parts equal to `prev`'s taken from `prev` (same references). */
export function stableProgress(prev: Progress, next: Progress): Progress {
  return {
    ...next,
    header: same(prev.header, next.header) ? prev.header : next.header,
    types: same(prev.types, next.types) ? prev.types : next.types,
    columns: same(prev.columns, next.columns) ? prev.columns : next.columns,
    periods: same(prev.periods, next.periods) ? prev.periods : next.periods,
    ragged: same(prev.ragged, next.ragged) ? prev.ragged : next.ragged,
    quotes: same(prev.quotes, next.quotes) ? prev.quotes : next.quotes,
  };
}

/**
 * True when only the counters differ (bytes, rows, rows in the view) and the view is filtered
 * in both or in neither: what the chart, summary and comparison controls are drawn from.
 * Compares by reference: pass progress that went through `stableProgress`.
 */
export function sameShape(a: Progress, b: Progress): boolean {
  return (
    a.header === b.header &&
    a.types === b.types &&
    a.columns === b.columns &&
    a.periods === b.periods &&
    a.filterKey === b.filterKey &&
    (a.viewLength !== a.rows) === (b.viewLength !== b.rows)
  );
}
