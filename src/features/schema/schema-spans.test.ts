import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { typeSpans } from './schema-spans.ts';

/** The definitions the spans point at, parsed. */
function definitions(text: string, spans: Uint32Array): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < spans.length; i += 2)
    out.push(JSON.parse(text.slice(spans[i], spans[i + 1])));
  return out;
}

const tricky = fc.oneof(
  fc.string(),
  fc.constantFrom('"', '\\', '\\"', '{', '}', '[', ']', ':', '"types":[', 'types', '__schema'),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    tricky,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(tricky, tie('value'), { maxKeys: 3 }),
  ),
})).value;
const typeDef = fc.dictionary(tricky, json, { maxKeys: 4 });

describe('typeSpans', () => {
  it("finds GitHub's ~1,600 types in its introspection answer", () => {
    const sdl = readFileSync('node_modules/@octokit/graphql-schema/schema.graphql', 'utf8');
    const data = introspectionFromSchema(buildSchema(sdl, { assumeValidSDL: true }));
    const text = JSON.stringify({ data });
    const spans = typeSpans(text, data.__schema.types.length);
    expect(spans).toBeDefined();
    expect(definitions(text, spans!)).toEqual(data.__schema.types);
  });

  it('finds the types of any answer, compact or indented, with or without "data"', () => {
    fc.assert(
      fc.property(
        fc.array(typeDef, { maxLength: 6 }),
        fc.dictionary(tricky, json, { maxKeys: 3 }),
        fc.boolean(),
        fc.constantFrom(0, 2, '\t'),
        (types, extra, wrapped, indent) => {
          // Other keys (also named "types") before and after, at every level.
          const schema = { ...extra, types, directives: [{ types: [{}] }] };
          const body = wrapped
            ? { extensions: { types: [1] }, data: { __schema: schema, types: [] } }
            : { __schema: schema };
          const text = JSON.stringify(body, null, indent);
          const spans = typeSpans(text, types.length);
          expect(spans).toBeDefined();
          expect(definitions(text, spans!)).toEqual(types);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives up on a text whose types are not all objects, or not as many', () => {
    const text = (types: unknown[]) => JSON.stringify({ data: { __schema: { types } } });
    expect(typeSpans(text([{ a: 1 }, null]), 2)).toBeUndefined();
    expect(typeSpans(text([{ a: 1 }, [2]]), 2)).toBeUndefined();
    expect(typeSpans(text([{ a: 1 }]), 2)).toBeUndefined();
    expect(typeSpans(text([{ a: 1 }, { b: 2 }]), 1)).toBeUndefined();
    expect(typeSpans(JSON.stringify({ data: { schema: { types: [{}] } } }), 1)).toBeUndefined();
  });
});
