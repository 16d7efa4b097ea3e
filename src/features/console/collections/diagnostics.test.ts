import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, parse, validate, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTICS } from '../../../shared/contracts/diagnostics.ts';

const root = join(import.meta.dirname, '../../../..');

/** The real instance schema (Apache-2.0 files of 2022, see test/fixtures/sourcegraph-schema/). */
function realSchema(): GraphQLSchema {
  const dir = join(root, 'test/fixtures/sourcegraph-schema');
  const files = readdirSync(dir).filter((f) => f.endsWith('.graphql'));
  expect(files).toHaveLength(12);
  return buildSchema(files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n'));
}

function sandboxSchema(): GraphQLSchema {
  return buildSchema(readFileSync(join(root, 'server/sandbox/instance/schema.graphql'), 'utf8'));
}

const schemas = { real: realSchema(), sandbox: sandboxSchema() };

describe('Diagnostics recipes', () => {
  it('has about a dozen recipes with unique names and descriptions', () => {
    expect(DIAGNOSTICS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(DIAGNOSTICS.map((r) => r.name)).size).toBe(DIAGNOSTICS.length);
    for (const r of DIAGNOSTICS) expect(r.description.length).toBeGreaterThan(20);
  });

  describe.each(Object.keys(schemas) as (keyof typeof schemas)[])('against the %s schema', (k) => {
    it.each(DIAGNOSTICS.map((r) => [r.name, r] as const))('%s validates', (_name, recipe) => {
      const errors = validate(schemas[k], parse(recipe.query));
      expect(errors.map((e) => e.message)).toEqual([]);
    });
  });

  it('each recipe is one named operation without mutations', () => {
    for (const r of DIAGNOSTICS) {
      const ops = parse(r.query).definitions.filter((d) => d.kind === 'OperationDefinition');
      expect(ops).toHaveLength(1);
      expect(ops[0]).toMatchObject({ operation: 'query', name: { kind: 'Name' } });
    }
  });
});
