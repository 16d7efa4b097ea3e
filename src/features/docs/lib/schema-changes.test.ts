import { buildClientSchema, buildSchema, introspectionFromSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { diffSchemas } from './schema-changes.ts';
import { after, before } from './upgrade-fixture.ts';

const build = (sdl: string) => buildClientSchema(introspectionFromSchema(buildSchema(sdl)));

describe('diffSchemas', async () => {
  const changes = await diffSchemas(before, after);
  const find = (kind: string) => changes.filter((c) => c.kind === kind);

  it('lists a removed field, a changed argument type and a removed enum value as breaking', () => {
    expect(find('FIELD_REMOVED')).toEqual([
      {
        severity: 'breaking',
        kind: 'FIELD_REMOVED',
        description: "Field 'email' was removed from object type 'User'",
        type: 'User',
        field: 'email',
      },
    ]);
    expect(find('FIELD_ARGUMENT_TYPE_CHANGED')).toEqual([
      {
        severity: 'breaking',
        kind: 'FIELD_ARGUMENT_TYPE_CHANGED',
        description: expect.stringContaining("'first' on field 'Query.users'"),
        type: 'Query',
        field: 'users',
      },
    ]);
    expect(find('ENUM_VALUE_REMOVED')).toEqual([
      {
        severity: 'breaking',
        kind: 'ENUM_VALUE_REMOVED',
        description: "Enum value 'GUEST' was removed from enum 'Role'",
        type: 'Role',
      },
    ]);
  });

  it('lists additions and deprecations as safe, a deprecation with its reason', () => {
    expect(
      find('FIELD_ADDED')
        .map((c) => `${c.type}.${c.field}`)
        .sort(),
    ).toEqual(['Query.userCount', 'Query.viewer', 'User.displayName']);
    expect(find('FIELD_DEPRECATION_ADDED')).toEqual([
      {
        severity: 'safe',
        kind: 'FIELD_DEPRECATION_ADDED',
        description: "Field 'User.name' is deprecated: Use displayName.",
        type: 'User',
        field: 'name',
      },
    ]);
  });

  it('lists dangerous changes', async () => {
    const c = await diffSchemas(
      build('type Query { repo(name: String): Int } enum State { OPEN }'),
      build(
        'type Query { repo(name: String, first: Int): Int, s: State } enum State { OPEN MERGED }',
      ),
    );
    expect(c.filter((x) => x.severity === 'dangerous').map((x) => [x.kind, x.type])).toEqual([
      ['FIELD_ARGUMENT_ADDED', 'Query'],
      ['ENUM_VALUE_ADDED', 'State'],
    ]);
  });

  it('orders breaking, dangerous, safe; identical schemas give nothing', async () => {
    const order = changes.map((c) => c.severity);
    expect(order.indexOf('safe')).toBeGreaterThan(order.lastIndexOf('breaking'));
    expect(new Set(order)).toEqual(new Set(['breaking', 'safe']));
    expect(await diffSchemas(before, before)).toEqual([]);
  });

  it('leaves out description edits and the fields of an added type', async () => {
    const c = await diffSchemas(
      build('type Query { "old words" a: Int }'),
      build('type Query { "new words" a: Int, b: B } type B { x: Int, y: Int }'),
    );
    expect(c.map((x) => `${x.kind} ${x.type}.${x.field ?? ''}`)).toEqual([
      'TYPE_ADDED B.',
      'FIELD_ADDED Query.b',
    ]);
  });

  it('links removed types only by name and leaves directives unlinked', async () => {
    const a = buildSchema('directive @x on FIELD type Query { a: Int } type Gone { b: Int }');
    const b = buildSchema('type Query { a: Int }');
    const c = await diffSchemas(a, b);
    expect(c.find((x) => x.kind === 'TYPE_REMOVED')).toMatchObject({ type: 'Gone' });
    expect(c.find((x) => x.kind === 'DIRECTIVE_REMOVED')).toMatchObject({ severity: 'breaking' });
    expect(c.find((x) => x.kind === 'DIRECTIVE_REMOVED')?.type).toBeUndefined();
  });
});
