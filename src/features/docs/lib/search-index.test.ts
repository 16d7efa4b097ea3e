import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { FIXTURE_SDL } from './fixture-schema.ts';
import { buildSearchIndex, searchSchema } from './search-index.ts';

const index = buildSearchIndex(buildSchema(FIXTURE_SDL));

describe('searchSchema', () => {
  it('ranks exact name, then prefix, then substring, then description', () => {
    const hits = searchSchema(index, 'name');
    const ranks = hits.map((h) => h.rank);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    expect(hits[0]).toMatchObject({ kind: 'field', type: 'Repository', name: 'name', rank: 0 });
    expect(hits.find((h) => h.name === 'nameWithOwner')?.rank).toBe(1);
    expect(hits.find((h) => h.name === 'oldName')?.rank).toBe(2);
    expect(hits.find((h) => h.name === 'Reponame')?.rank).toBe(2);
    expect(hits.find((h) => h.kind === 'field' && h.name === 'repository')?.rank).toBe(3);
    expect(searchSchema(index, 'repository')[0]).toMatchObject({
      kind: 'type',
      name: 'Repository',
    });
    expect(searchSchema(index, 'repository').find((h) => h.name === 'legacyRepo')).toBeUndefined();
  });

  it('puts types first, then the exact-case match among members', () => {
    expect(searchSchema(index, 'Repository')[0]).toMatchObject({
      kind: 'type',
      name: 'Repository',
    });
    const ids = searchSchema(index, 'ID');
    expect(ids[0]).toMatchObject({ kind: 'type', name: 'ID' });
    expect(ids[1]).toMatchObject({ kind: 'field', name: 'id' });
  });

  it('finds fields by prefix, arguments and enum values', () => {
    expect(searchSchema(index, 'foll')[0]).toMatchObject({
      kind: 'argument',
      type: 'Query',
      field: 'repository',
      arg: 'followRenames',
    });
    expect(searchSchema(index, 'CLOS')[0]).toMatchObject({
      kind: 'enum-value',
      type: 'IssueState',
      name: 'CLOSED',
    });
    expect(searchSchema(index, 'starrable')[0]).toMatchObject({
      kind: 'input-field',
      type: 'AddStarInput',
    });
    expect(searchSchema(index, 'legacyR')[0]).toMatchObject({ kind: 'field', deprecated: true });
  });

  it('Type.field narrows to members', () => {
    const narrowed = searchSchema(index, 'repo.na');
    expect(narrowed.map((h) => `${h.type}.${h.name}`)).toEqual([
      'Repository.name',
      'Repository.nameWithOwner',
      'Repository.oldName',
    ]);
  });

  it('prefers members of shorter-named types among equal names', () => {
    const ids = searchSchema(index, 'id')
      .filter((h) => h.kind === 'field')
      .map((h) => h.type);
    expect(ids).toEqual(['Node', 'User', 'Issue', 'Repository']);
  });

  it('returns nothing for blank queries and honours the limit', () => {
    expect(searchSchema(index, '   ')).toEqual([]);
    expect(searchSchema(index, 'e', 3)).toHaveLength(3);
  });

  it('skips introspection types', () => {
    expect(searchSchema(index, '__Type')).toEqual([]);
  });
});
