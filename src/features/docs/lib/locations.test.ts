import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { FIXTURE_SDL } from './fixture-schema.ts';
import { pathForField } from './locations.ts';

const schema = buildSchema(FIXTURE_SDL);

describe('pathForField', () => {
  it('follows the trail of type links from a root type', () => {
    const trail = [
      { kind: 'home' as const },
      { kind: 'type' as const, type: 'Query' },
      { kind: 'type' as const, type: 'User', via: { type: 'Query', field: 'viewer' } },
      { kind: 'type' as const, type: 'Repository', via: { type: 'User', field: 'repositories' } },
    ];
    expect(pathForField(schema, trail, 'Repository', 'name')).toEqual({
      root: 'query',
      steps: [{ field: 'viewer' }, { field: 'repositories' }, { field: 'name' }],
    });
  });

  it('falls back to the shortest path, and handles root fields and unknown fields', () => {
    expect(pathForField(schema, [{ kind: 'home' }], 'Repository', 'name')?.steps).toEqual([
      { field: 'repository' },
      { field: 'name' },
    ]);
    expect(pathForField(schema, [], 'Mutation', 'addStar')).toEqual({
      root: 'mutation',
      steps: [{ field: 'addStar' }],
    });
    expect(pathForField(schema, [], 'Repository', 'nope')).toBeUndefined();
    expect(pathForField(schema, [], 'AddStarInput', 'starrableId')).toBeUndefined();
  });
});
