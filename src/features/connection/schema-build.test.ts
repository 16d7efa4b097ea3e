import { readFileSync } from 'node:fs';
import {
  buildClientSchema,
  buildSchema,
  introspectionFromSchema,
  printSchema,
  type IntrospectionQuery,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { browseSchema, type Pace } from './schema-build.ts';
import { toSchemaPayload } from './schema-payload.ts';

const GITHUB_SDL = readFileSync('node_modules/@octokit/graphql-schema/schema.graphql', 'utf8');
const SANDBOX_SDL = readFileSync('server/sandbox/instance/schema.graphql', 'utf8');

function introspection(sdl: string): IntrospectionQuery {
  return introspectionFromSchema(buildSchema(sdl, { assumeValidSDL: true }), {
    inputValueDeprecation: true,
    specifiedByUrl: true,
    directiveIsRepeatable: true,
    schemaDescription: true,
  });
}

function payloadOf(data: IntrospectionQuery, chunkChars?: number) {
  return toSchemaPayload(JSON.stringify({ data }), data, chunkChars);
}

/** Counts the turns the builder gives the page. */
function countingPace() {
  const pace: Pace & { turns: number } = Object.assign(
    () => {
      pace.turns++;
      return Promise.resolve();
    },
    { turns: 0 },
  );
  return pace;
}

describe('browseSchema', () => {
  it.each([
    ['GitHub', GITHUB_SDL],
    ['the sandbox', SANDBOX_SDL],
  ])('builds the same schema as buildClientSchema (%s)', async (_name, sdl) => {
    const data = introspection(sdl);
    const built = await (await browseSchema(payloadOf(data))).complete();
    expect(printSchema(built)).toBe(printSchema(buildClientSchema(data)));
  });

  it('lists the root types and any type before the schema is complete', async () => {
    const data = introspection(GITHUB_SDL);
    const types = await browseSchema(payloadOf(data));
    const reference = buildClientSchema(data);
    expect(Object.keys(types.getQueryType()!.getFields())).toEqual(
      Object.keys(reference.getQueryType()!.getFields()),
    );
    expect(types.getMutationType()?.name).toBe('Mutation');
    const node = reference.getType('Node');
    const mine = types.getType('Node');
    if (!node || !mine || !('getFields' in node) || !('getFields' in mine)) throw new Error('Node');
    expect(
      types
        .getImplementations(mine as never)
        .objects.map((t) => t.name)
        .sort(),
    ).toEqual(
      reference
        .getImplementations(node as never)
        .objects.map((t) => t.name)
        .sort(),
    );
  });

  it('gives the page turns while it works (pieces of types, then the rest)', async () => {
    const data = introspection(GITHUB_SDL);
    const payload = payloadOf(data, 16 * 1024);
    expect(payload.typeChunks.length).toBeGreaterThan(50);
    const pace = countingPace();
    let now = 0;
    const realNow = performance.now.bind(performance);
    // Every clock read advances 1 ms: a 10 ms slice ends after about ten steps.
    performance.now = () => (now += 1);
    try {
      const types = await browseSchema(payload, pace);
      const afterTypes = pace.turns;
      expect(afterTypes).toBeGreaterThan(10);
      await types.complete();
      expect(pace.turns).toBeGreaterThan(afterTypes + 10);
    } finally {
      performance.now = realNow;
    }
  });

  it('refuses an introspection result that names a type it does not define', async () => {
    const data = introspection('type Query { a: A } type A { b: Int }');
    const broken = {
      __schema: { ...data.__schema, types: data.__schema.types.filter((t) => t.name !== 'A') },
    } as IntrospectionQuery;
    await expect(browseSchema(payloadOf(broken))).rejects.toThrow('unknown type: A');
  });
});
