import { describe, expect, it } from 'vitest';
import { NestedList, type Cell } from './flatten.ts';
import { sortedOrder } from './sort-rows.ts';

const collator = new Intl.Collator('en', { numeric: true });
const sorted = (cells: Cell[], dir: 'ascending' | 'descending') =>
  [...sortedOrder(cells, dir, collator)].map((i) => cells[i]);

describe('sortedOrder', () => {
  it('compares numbers as numbers, both ways', () => {
    const cells = [10, 9, 100, -1, 2.5];
    expect(sorted(cells, 'ascending')).toEqual([-1, 2.5, 9, 10, 100]);
    expect(sorted(cells, 'descending')).toEqual([100, 10, 9, 2.5, -1]);
  });

  it('compares text by collation, numeric parts as numbers', () => {
    const cells = ['v10', 'b', 'v9', 'A', 'a'];
    expect(sorted(cells, 'ascending')).toEqual(['a', 'A', 'b', 'v9', 'v10']);
    expect(sorted(cells, 'descending')).toEqual(['v10', 'v9', 'b', 'A', 'a']);
  });

  it('puts null then missing last in both directions', () => {
    const cells: Cell[] = [undefined, 2, null, 1, undefined, null, 3];
    expect(sorted(cells, 'ascending')).toEqual([1, 2, 3, null, null, undefined, undefined]);
    expect(sorted(cells, 'descending')).toEqual([3, 2, 1, null, null, undefined, undefined]);
  });

  it('keeps the list order among equal values (stable), in both directions', () => {
    const cells = ['x', 'y', 'x', 'y'];
    expect([...sortedOrder(cells, 'ascending', collator)]).toEqual([0, 2, 1, 3]);
    expect([...sortedOrder(cells, 'descending', collator)]).toEqual([1, 3, 0, 2]);
  });

  it('sorts booleans false first and nested lists by length; mixed kinds stay grouped', () => {
    expect(sorted([true, false, true], 'ascending')).toEqual([false, true, true]);
    const a = new NestedList([1, 2]);
    const b = new NestedList([1]);
    expect(sorted([a, b], 'ascending')).toEqual([b, a]);
    expect(sorted(['b', 2, true, 'a', 1], 'ascending')).toEqual([1, 2, true, 'a', 'b']);
  });

  it('an empty column is an empty order', () => {
    expect(sortedOrder([], 'ascending')).toEqual(new Uint32Array(0));
  });
});
