import { describe, expect, it } from 'vitest';
import { DIAGNOSTICS } from '../../../../shared/contracts/diagnostics.ts';
import type { OpenRequest } from '../../collections/saved-panel.tsx';
import type { Collection } from '../../collections/collections.ts';
import type { HistoryEntry } from '../../collections/history.ts';
import { historyItems, recipeItems, savedItems } from './collection-items.ts';

function opener() {
  const opened: OpenRequest[] = [];
  return { opened, open: (r: OpenRequest) => opened.push(r) };
}

describe('savedItems', () => {
  const collections: Collection[] = [
    {
      name: 'Team',
      operations: [
        {
          id: 's1',
          name: 'Recent users',
          query: 'query Users { users { nodes { username } } }',
          variables: '{"first": 5}',
          headers: '{"X-Trace": ""}',
          operationName: 'Users',
          savedAt: 1,
        },
      ],
    },
    { name: 'Empty', operations: [] },
  ];

  it('lists each operation of each collection, with its collection as the detail', () => {
    const items = savedItems(collections, () => {});
    expect(items.map((i) => [i.id, i.kind, i.title, i.detail])).toEqual([
      ['saved:s1', 'saved', 'Recent users', 'Team'],
    ]);
  });

  it('opens the operation in a new tab with its variables, headers and operation', () => {
    const { opened, open } = opener();
    savedItems(collections, open)[0]!.run();
    expect(opened).toEqual([
      {
        title: 'Recent users',
        query: 'query Users { users { nodes { username } } }',
        variables: '{"first": 5}',
        headers: '{"X-Trace": ""}',
        operationName: 'Users',
      },
    ]);
  });
});

describe('recipeItems', () => {
  it('lists every Diagnostics recipe, its description shown and searched', () => {
    const items = recipeItems(() => {});
    expect(items.map((i) => i.title)).toEqual(DIAGNOSTICS.map((r) => r.name));
    for (const [i, r] of items.map((x, k) => [x, DIAGNOSTICS[k]!] as const)) {
      expect(i).toMatchObject({ kind: 'diagnostics', detail: r.description });
      expect(i.keywords).toBe(r.description);
    }
  });

  it('opens a recipe in a new tab under its name', () => {
    const { opened, open } = opener();
    const who = recipeItems(open).find((i) => i.title === 'Who am I')!;
    who.run();
    const recipe = DIAGNOSTICS.find((r) => r.name === 'Who am I')!;
    expect(opened).toEqual([
      { title: 'Who am I', query: recipe.query, variables: recipe.variables ?? '' },
    ]);
  });
});

describe('historyItems', () => {
  const entries: HistoryEntry[] = [
    {
      id: 'h2',
      at: Date.UTC(2026, 0, 2),
      query: 'query Two { a }',
      variables: '',
      operationName: 'Two',
    },
    {
      id: 'h1',
      at: Date.UTC(2026, 0, 1),
      query: '\n# note\n{ currentUser { id } }',
      variables: '{}',
    },
  ];

  it('names entries as the History panel does, newest first, with when they ran', () => {
    const items = historyItems(entries, () => {});
    expect(items.map((i) => [i.id, i.title])).toEqual([
      ['history:h2', 'Two'],
      ['history:h1', '{ currentUser { id } }'],
    ]);
    expect(items[0]!.detail).toBe(new Date(entries[0]!.at).toLocaleString());
  });

  it('opens an entry in a new, untitled tab', () => {
    const { opened, open } = opener();
    historyItems(entries, open)[1]!.run();
    expect(opened).toEqual([
      { title: '', query: entries[1]!.query, variables: '{}', operationName: undefined },
    ]);
  });
});
