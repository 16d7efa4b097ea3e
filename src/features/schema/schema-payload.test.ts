import { readFileSync } from 'node:fs';
import {
  buildSchema,
  getIntrospectionQuery,
  graphqlSync,
  introspectionFromSchema,
  type IntrospectionQuery,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { MODERN_INTROSPECTION } from './schema-load.ts';
import { quickSchemaPayload, toSchemaPayload, type SchemaPayload } from './schema-payload.ts';

/** An answer as a server gives it to this console's query (or to `query`). */
function answer(sdl: string, query = MODERN_INTROSPECTION) {
  const result = graphqlSync({ schema: buildSchema(sdl, { assumeValidSDL: true }), source: query });
  if (result.errors) throw new Error(result.errors[0]?.message);
  return result as unknown as { data: IntrospectionQuery };
}

/** What the page reads of a payload: the same whichever way it was made. */
function seen(p: SchemaPayload) {
  return {
    head: JSON.parse(p.head) as unknown,
    types: p.types,
    definitions: p.types.map((_, i) =>
      JSON.parse((p.defs ?? p.text).slice(p.spans[2 * i], p.spans[2 * i + 1])),
    ),
    problem: p.problem,
  };
}

const SDL = `
  "The root"
  type Query { a(x: Int = 2 @deprecated(reason: "no")): String b: B u: U e: E }
  """
  Quotes " and \\ backslashes, and lines
  """
  type B implements N { id: ID! c(f: F): [B!] }
  interface N { id: ID! }
  union U = B
  enum E { X Y @deprecated }
  input F { a: Int = 1 b: [String!] }
  scalar Date
`;

describe('quickSchemaPayload (the types sent ahead, without parsing the whole answer)', () => {
  it('reads what toSchemaPayload reads, compact or indented, with or without "data"', () => {
    const body = answer(SDL);
    for (const text of [
      JSON.stringify(body),
      JSON.stringify(body, null, 2),
      JSON.stringify(body.data, null, '\t'),
    ]) {
      const quick = quickSchemaPayload(text);
      expect(quick).toBeDefined();
      expect(seen(quick!)).toEqual(seen(toSchemaPayload(text, body.data)));
      expect(quick!.text).toBe(text);
    }
  });

  it("reads GitHub's ~1,600 types as toSchemaPayload does", () => {
    const sdl = readFileSync('node_modules/@octokit/graphql-schema/schema.graphql', 'utf8');
    const body = answer(sdl);
    const text = JSON.stringify(body);
    const quick = quickSchemaPayload(text);
    expect(quick?.types.length).toBeGreaterThan(1500);
    expect(seen(quick!)).toEqual(seen(toSchemaPayload(text, body.data)));
  });

  it('leaves other answers to toSchemaPayload: other queries, or no types', () => {
    // `introspectionFromSchema` asks for specifiedByURL and isOneOf too; no descriptions; legacy.
    const others = [
      { data: introspectionFromSchema(buildSchema(SDL)) },
      answer(SDL, getIntrospectionQuery({ descriptions: false })),
      { data: { __schema: { queryType: { name: 'Query' }, types: [] } } },
      { data: { __schema: { queryType: { name: 'Query' }, types: [{ kind: 'OBJECT' }] } } },
      { errors: [{ message: 'no' }] },
    ];
    for (const body of others) expect(quickSchemaPayload(JSON.stringify(body))).toBeUndefined();
    expect(quickSchemaPayload('<html></html>')).toBeUndefined();
  });

  it('checks nothing beyond what it reads (the worker checks the whole answer after)', () => {
    // Query names a type the answer does not define: read all the same.
    const whole = answer('type Query { b: B } type B { c: Int }');
    const types = whole.data.__schema.types.filter((t) => t.name !== 'B');
    const body = { data: { __schema: { ...whole.data.__schema, types } } };
    const quick = quickSchemaPayload(JSON.stringify(body));
    expect(quick?.problem).toBeUndefined();
    expect(toSchemaPayload(JSON.stringify(body), body.data).problem).toMatch(/unknown type: B/);
  });
});
