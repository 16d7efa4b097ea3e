import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLLECTION,
  deleteCollection,
  deleteOperation,
  emptySavedState,
  renameOperation,
  sanitizeSavedState,
  saveOperation,
  searchOperations,
  type SavedState,
} from './collections.ts';

const op = (name: string, collection = DEFAULT_COLLECTION, query = `{ ${name} }`) => ({
  collection,
  name,
  query,
  variables: '',
  headers: '',
  operationName: undefined,
  now: 5,
});

describe('saved operations', () => {
  it('saves into a named collection, creating it', () => {
    const s = saveOperation(emptySavedState(), op('a', 'Team'));
    expect(s.collections).toEqual([
      { name: 'Team', operations: [expect.objectContaining({ name: 'a', query: '{ a }' })] },
    ]);
  });

  it('saving the same name in the same collection replaces it, keeping its id', () => {
    let s = saveOperation(emptySavedState(), op('a'));
    const id = s.collections[0]?.operations[0]?.id;
    if (!id) throw new Error('expected a saved operation');
    s = saveOperation(s, { ...op('a'), query: '{ b }' });
    expect(s.collections[0]?.operations).toEqual([expect.objectContaining({ id, query: '{ b }' })]);
  });

  it('renames and deletes by id; a collection emptied by deletion stays until deleted', () => {
    let s = saveOperation(saveOperation(emptySavedState(), op('a')), op('b'));
    const [a, b] = s.collections[0]?.operations ?? [];
    if (!a || !b) throw new Error('expected two saved operations');
    s = renameOperation(s, a.id, 'A2');
    expect(s.collections[0]?.operations.map((o) => o.name)).toEqual(['A2', 'b']);
    s = renameOperation(s, a.id, '   ');
    expect(s.collections[0]?.operations[0]?.name).toBe('A2');
    s = deleteOperation(deleteOperation(s, a.id), b.id);
    expect(s.collections).toEqual([{ name: DEFAULT_COLLECTION, operations: [] }]);
    expect(deleteCollection(s, DEFAULT_COLLECTION).collections).toEqual([]);
  });

  it('refuses to save into the built-in Diagnostics collection', () => {
    expect(() => saveOperation(emptySavedState(), op('a', 'Diagnostics'))).toThrow(/read-only/);
  });
});

describe('sanitizeSavedState (stored data is checked on load)', () => {
  it('keeps good entries and counts what it dropped', () => {
    const good = saveOperation(emptySavedState(), op('a'));
    const raw = {
      version: 1,
      collections: [
        good.collections[0],
        { name: 5, operations: [] },
        { name: 'X', operations: [{ id: 'x', name: 'n' }, good.collections[0]?.operations[0]] },
      ],
    };
    const r = sanitizeSavedState(raw);
    expect(r.dropped).toBe(2);
    expect(r.state.collections.map((c) => c.name)).toEqual([DEFAULT_COLLECTION, 'X']);
    expect(r.state.collections[1]?.operations).toHaveLength(1);
  });

  it.each([undefined, null])('nothing stored (%s) is an empty state, not an error', (raw) => {
    expect(sanitizeSavedState(raw)).toEqual({ state: emptySavedState(), dropped: 0 });
  });

  it.each(['text', 42, [], { version: 2, collections: [] }, { version: 1 }])(
    'an unreadable value (%j) is reported',
    (raw) => {
      expect(sanitizeSavedState(raw).dropped).toBeGreaterThan(0);
    },
  );
});

describe('searchOperations', () => {
  const s: SavedState = saveOperation(
    saveOperation(emptySavedState(), op('Who am I', 'Team', '{ currentUser { username } }')),
    op('Repos', 'Team', '{ repositories { nodes { name } } }'),
  );
  it('matches names and query text, case-insensitively, every word', () => {
    expect(searchOperations(s.collections, 'who').map((o) => o.name)).toEqual(['Who am I']);
    expect(searchOperations(s.collections, 'NODES name').map((o) => o.name)).toEqual(['Repos']);
    expect(searchOperations(s.collections, 'who nodes')).toEqual([]);
    expect(searchOperations(s.collections, '  ')).toHaveLength(2);
  });
});
