import { describe, expect, it } from 'vitest';
import { cellAt, flattenRows, NestedList } from './flatten.ts';

describe('flattenRows', () => {
  it('flattens nested objects into dotted columns, the union in first-seen order', () => {
    const t = flattenRows([
      { name: 'a', owner: { login: 'x', site: { url: 'u' } } },
      { name: 'b', stars: 3, owner: { login: 'y' } },
    ]);
    expect(t.columns).toEqual(['name', 'owner.login', 'owner.site.url', 'stars']);
    expect(t.rows).toEqual([
      ['a', 'x', 'u', undefined],
      ['b', 'y', undefined, 3],
    ]);
  });

  it('keeps null (on the path or at it), missing and empty apart', () => {
    const t = flattenRows([
      { d: 'x', b: { n: 'main' } },
      { d: null, b: null },
      { d: '', b: {} },
      {},
    ]);
    expect(t.columns).toEqual(['d', 'b.n']);
    expect(t.rows).toEqual([
      ['x', 'main'],
      [null, null],
      ['', undefined],
      [undefined, undefined],
    ]);
  });

  it('a path that is null in every row is a column of nulls; a null row is all nulls', () => {
    const t = flattenRows([{ a: 1, gone: null }, null]);
    expect(t.columns).toEqual(['a', 'gone']);
    expect(t.rows).toEqual([
      [1, null],
      [null, null],
    ]);
  });

  it('joins lists of scalars; lists of objects or lists become nested lists', () => {
    const langs = [{ n: 'go' }, { n: 'ts' }];
    const t = flattenRows([{ tags: ['x', 1, true, null], langs, grid: [[1]], none: [] }]);
    expect(t.columns).toEqual(['tags', 'langs', 'grid', 'none']);
    const [tags, l, grid, none] = t.rows[0]!;
    expect(tags).toBe('x, 1, true, null');
    expect(l).toBeInstanceOf(NestedList);
    expect((l as NestedList).items).toBe(langs);
    expect((grid as NestedList).items).toEqual([[1]]);
    expect(none).toBe('');
  });

  it('a path that is a scalar in some rows and an object in others keeps both', () => {
    const t = flattenRows([{ v: 1 }, { v: { x: 2 } }]);
    expect(t.columns).toEqual(['v', 'v.x']);
    expect(t.rows).toEqual([
      [1, undefined],
      ['{"x":2}', 2],
    ]);
  });

  it('an object empty in every row is one column of "{}"', () => {
    expect(flattenRows([{ a: {} }])).toEqual({ columns: ['a'], rows: [['{}']] });
  });

  it('no rows, no columns', () => {
    expect(flattenRows([])).toEqual({ columns: [], rows: [] });
  });

  it('cellAt does not read inherited members', () => {
    expect(cellAt({ a: {} }, ['a', 'toString'])).toBeUndefined();
  });
});
