import { readFileSync } from 'node:fs';
import { buildClientSchema, buildSchema, introspectionFromSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schemaFileToIntrospection } from './schema-file.ts';

const SDL = 'type Query { a(x: Int @deprecated(reason: "no")): String }';

describe('schemaFileToIntrospection', () => {
  it('reads SDL, keeping deprecated arguments', () => {
    const r = schemaFileToIntrospection('s.graphql', SDL);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const schema = buildClientSchema(JSON.parse(r.text).data);
    expect(schema.getQueryType()?.getFields().a?.args[0]?.deprecationReason).toBe('no');
  });

  it('reads introspection JSON with or without "data"', () => {
    const data = introspectionFromSchema(buildSchema(SDL));
    for (const text of [JSON.stringify({ data }), JSON.stringify(data)]) {
      const r = schemaFileToIntrospection('s.json', text);
      expect(r.ok && JSON.parse(r.text).data.__schema.queryType.name).toBe('Query');
    }
  });

  it('loads GitHub’s public schema despite its duplicate fields', () => {
    const sdl = readFileSync('node_modules/@octokit/graphql-schema/schema.graphql', 'utf8');
    expect(() => buildSchema(sdl)).toThrow();
    const r = schemaFileToIntrospection('github.graphql', sdl);
    expect(r.ok).toBe(true);
  });

  it('says what to do with bad files', () => {
    expect(schemaFileToIntrospection('e.graphql', '  ')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/empty.*Choose/),
    });
    expect(schemaFileToIntrospection('b.json', '{"x":')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not valid JSON/),
    });
    expect(schemaFileToIntrospection('c.json', '{"x":1}')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not an introspection result/),
    });
    expect(schemaFileToIntrospection('d.graphql', 'type Query {')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Could not read d.graphql as a schema: Syntax Error/),
    });
  });
});
