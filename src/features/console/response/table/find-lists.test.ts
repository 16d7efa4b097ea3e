import { describe, expect, it } from 'vitest';
import { findLists } from './find-lists.ts';

const paths = (data: unknown) => findLists(data).map((l) => l.path);

describe('findLists', () => {
  it('finds a connection’s nodes under data, with its rows', () => {
    const nodes = [{ name: 'a' }, { name: 'b' }];
    const found = findLists({
      repositories: { totalCount: 2, nodes, pageInfo: { hasNextPage: false } },
    });
    expect(found).toEqual([{ path: 'data.repositories.nodes', rows: nodes }]);
  });

  it('lists shallowest first (breadth-first), members in their order at each depth', () => {
    const data = {
      deep: { a: { b: { list: [{ x: 1 }] } } },
      users: { nodes: [{ u: 1 }] },
      top: [{ t: 1 }],
      other: { list: [{ o: 1 }] },
    };
    expect(paths(data)).toEqual([
      'data.top',
      'data.users.nodes',
      'data.other.list',
      'data.deep.a.b.list',
    ]);
  });

  it('shows edges as their nodes, nulls kept in place', () => {
    const data = {
      search: {
        edges: [{ cursor: 'c1', node: { id: 1 } }, null, { cursor: 'c3', node: null }],
      },
    };
    expect(findLists(data)).toEqual([
      { path: 'data.search.edges[].node', rows: [{ id: 1 }, null, null] },
    ]);
  });

  it('keeps an edge-like list without a node on every edge as it is', () => {
    const edges = [{ cursor: 'c1', node: { id: 1 } }, { cursor: 'c2' }];
    expect(findLists({ x: { edges } })).toEqual([{ path: 'data.x.edges', rows: edges }]);
  });

  it('a list holding null items counts; lists of scalars, of lists, mixed or empty do not', () => {
    expect(
      paths({
        withNull: [null, { a: 1 }],
        scalars: [1, 2],
        lists: [[{ a: 1 }]],
        mixed: [{ a: 1 }, 2],
        empty: [],
        onlyNull: [null],
      }),
    ).toEqual(['data.withNull']);
  });

  it('does not look inside the items of a list (their lists are cells)', () => {
    expect(paths({ repos: [{ name: 'a', langs: [{ n: 'go' }] }] })).toEqual(['data.repos']);
  });

  it('finds nothing without data, or with data null, a scalar or a list', () => {
    expect(findLists(undefined)).toEqual([]);
    expect(findLists(null)).toEqual([]);
    expect(findLists(3)).toEqual([]);
    expect(findLists([{ a: 1 }])).toEqual([]);
    expect(findLists({ currentUser: { username: 'alice' } })).toEqual([]);
  });
});
