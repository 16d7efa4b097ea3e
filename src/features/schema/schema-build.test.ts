import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  buildClientSchema,
  buildSchema,
  introspectionFromSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  parse,
  printSchema,
  validate,
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

function payloadOf(data: IntrospectionQuery) {
  return toSchemaPayload(JSON.stringify({ data }), data);
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
  ])(
    'builds the same schema as buildClientSchema (%s)',
    async (_name, sdl) => {
      const data = introspection(sdl);
      const built = await (await browseSchema(payloadOf(data))).complete();
      expect(printSchema(built)).toBe(printSchema(buildClientSchema(data)));
    },
    60_000,
  ); // GitHub's SDL is built, introspected, rebuilt twice and printed twice

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

  it('gives the page turns while it works (the types, then the rest)', async () => {
    const data = introspection(GITHUB_SDL);
    const payload = payloadOf(data);
    const pace = countingPace();
    let now = 0;
    const realNow = performance.now.bind(performance);
    // Every clock read advances 1 ms: a 10 ms slice ends after about ten steps.
    performance.now = () => (now += 1);
    try {
      const types = await browseSchema(payload, pace);
      const afterTypes = pace.turns;
      expect(afterTypes).toBeGreaterThan(10);
      await types.complete(pace);
      expect(pace.turns).toBeGreaterThan(afterTypes + 10);
    } finally {
      performance.now = realNow;
    }
  });

  it('checks queries against what the server says, without judging its schema (no long validation task)', async () => {
    // T lacks I's field x once the server's answer drops it: an invalid schema, as some servers serve.
    const valid = introspection(
      'type Query { a: Int t: T } interface I { x: Int } type T implements I { x: Int y: Int }',
    );
    const data = {
      __schema: {
        ...valid.__schema,
        types: valid.__schema.types.map((t) =>
          t.name === 'T' && t.kind === 'OBJECT'
            ? { ...t, fields: t.fields.filter((f) => f.name !== 'x') }
            : t,
        ),
      },
    } as IntrospectionQuery;
    expect(() => validate(buildClientSchema(data), parse('{ a }'))).toThrow(/does not provide/);
    const built = await (await browseSchema(payloadOf(data))).complete();
    expect(validate(built, parse('{ a t { y } }'))).toEqual([]);
    expect(validate(built, parse('{ b }')).map((e) => e.message)).toEqual([
      'Cannot query field "b" on type "Query". Did you mean "a" or "t"?',
    ]);
  });

  it('parses a type’s definition only when its fields are first needed (Docs show Query first)', async () => {
    const data = introspection('type Query { a: A b: B } type A { x: Int } type B { y: Int }');
    const payload = payloadOf(data);
    // B's definition is unreadable: nothing notices until B's fields are asked for.
    const b = payload.types.findIndex((t) => t.name === 'B');
    if (b < 0) throw new Error('no entry for B');
    payload.spans[2 * b + 1] = payload.spans[2 * b]! + 3;
    const types = await browseSchema(payload);
    expect(Object.keys(types.getQueryType()!.getFields())).toEqual(['a', 'b']);
    expect(types.getType('A')).toBeDefined();
    expect(() => (types.getType('B') as { getFields(): unknown }).getFields()).toThrow(SyntaxError);
    await expect(types.complete()).rejects.toThrow(SyntaxError);
  });

  it('lets go of the answer’s text once every type is built (the page keeps one copy: the schema)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const data = introspection(SANDBOX_SDL);
    // The text and its spans go together (definitions are read from both): the spans, an
    // object, stand for the text, which a WeakRef cannot watch.
    let payload: ReturnType<typeof payloadOf> | undefined = payloadOf(data);
    const spans = new WeakRef(payload.spans);
    const types = await browseSchema(payload);
    payload = undefined;
    const schema = await types.complete();
    await new Promise((r) => setTimeout(r, 0)); // a WeakRef holds its target until the job ends
    gc();
    expect(spans.deref()).toBeUndefined();
    // Everything is still there: the schema needs no definition any more.
    expect(printSchema(schema)).toBe(printSchema(buildClientSchema(data)));
    expect(types.getType('Query')).toBe(schema.getQueryType());
  });

  it('gives every type, field, argument and value one shared empty extensions map', async () => {
    const data = introspection(SANDBOX_SDL);
    const schema = await (await browseSchema(payloadOf(data))).complete();
    const all: { extensions: unknown }[] = [...schema.getDirectives()];
    for (const d of schema.getDirectives()) all.push(...d.args);
    for (const t of Object.values(schema.getTypeMap())) {
      if (t.name.startsWith('__') || ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(t.name))
        continue; // graphql-js's own
      all.push(t);
      if (isObjectType(t) || isInterfaceType(t) || isInputObjectType(t))
        for (const f of Object.values(t.getFields())) all.push(f, ...('args' in f ? f.args : []));
      if (isEnumType(t)) all.push(...t.getValues());
    }
    expect(all.length).toBeGreaterThan(100);
    const shared = all[0]?.extensions;
    expect(Object.isFrozen(shared)).toBe(true);
    expect(Object.keys(shared as object)).toEqual([]);
    expect(all.filter((x) => x.extensions !== shared)).toEqual([]);
  });

  it('refuses an introspection result with a type without a name, as buildClientSchema does', async () => {
    const data = introspection('type Query { a: Int }');
    const broken = {
      __schema: { ...data.__schema, types: [...data.__schema.types, { kind: 'OBJECT' }] },
    } as unknown as IntrospectionQuery;
    expect(() => buildClientSchema(broken)).toThrow(/Invalid or incomplete introspection result/);
    await expect(browseSchema(payloadOf(broken))).rejects.toThrow(
      /^Invalid or incomplete introspection result\. .*: \{"kind":"OBJECT"\}\.$/,
    );
  });

  it('refuses an introspection result that names a type it does not define', async () => {
    const data = introspection('type Query { a: A } type A { b: Int }');
    const broken = {
      __schema: { ...data.__schema, types: data.__schema.types.filter((t) => t.name !== 'A') },
    } as IntrospectionQuery;
    await expect(browseSchema(payloadOf(broken))).rejects.toThrow('unknown type: A');
  });
});
