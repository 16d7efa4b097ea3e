import { describe, expect, it } from 'vitest';
import { readPage } from './read-page.ts';

const op = { path: ['org', 'members'], rows: 'nodes' as const };

describe('readPage', () => {
  it('reads rows, totalCount and pageInfo at the path', () => {
    const body = {
      data: {
        org: {
          members: {
            nodes: [{ id: 1 }],
            totalCount: 7,
            pageInfo: { hasNextPage: true, endCursor: 'c1' },
          },
        },
      },
    };
    expect(readPage(body, op)).toEqual({
      ok: true,
      page: { rows: [{ id: 1 }], totalCount: 7, hasNextPage: true, endCursor: 'c1' },
    });
  });

  it('refuses a page with errors, even with data', () => {
    const body = {
      errors: [{ message: 'must be site admin' }, { message: 'again' }],
      data: { org: { members: { nodes: [], pageInfo: { hasNextPage: false } } } },
    };
    expect(readPage(body, op)).toEqual({
      ok: false,
      error: 'The instance answered with an error: must be site admin (and 1 more errors)',
    });
  });

  it('says where the list is missing', () => {
    expect(readPage({ data: { org: null } }, op)).toEqual({
      ok: false,
      error: 'The answer has no list at org.members.',
    });
    expect(readPage({ data: { org: { members: { nodes: [] } } } }, op)).toEqual({
      ok: false,
      error: "The answer's org.members has no nodes or pageInfo.",
    });
  });
});
