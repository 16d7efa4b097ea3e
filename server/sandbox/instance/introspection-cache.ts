/** Answers of introspection-only operations, cached per schema. */
import {
  execute,
  getIntrospectionQuery,
  Kind,
  parse,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { BoundedCache } from '../bounded-cache.ts';
import { serializeResult } from './result-writer.ts';

const INTROSPECTION_FIELDS = new Set(['__schema', '__type', '__typename']);
const INTROSPECTION_CACHE_ENTRIES = 16;
/** Size budget of the cache (GitHub's schema introspects to ~2.9 MB; variables count too). */
const INTROSPECTION_CACHE_BYTES = 32 * 1024 * 1024;
const caches = new WeakMap<GraphQLSchema, BoundedCache>();

export function introspectionCache(schema: GraphQLSchema): BoundedCache {
  let cache = caches.get(schema);
  if (!cache)
    caches.set(
      schema,
      (cache = new BoundedCache(INTROSPECTION_CACHE_ENTRIES, INTROSPECTION_CACHE_BYTES)),
    );
  return cache;
}

/**
 * The cache key of an operation whose top-level selections are all `__schema`, `__type` or
 * `__typename` (its answer depends on the schema and the variables only, never on the user or
 * the data), or null. GitHub's ~1,600-type schema takes the sandbox ~200 ms to introspect and
 * serialize (2.9 MB); consoles ask for it on every connect.
 */
export function introspectionCacheKey(
  doc: DocumentNode,
  query: string,
  operationName: string | undefined,
  variables: Record<string, unknown>,
): string | null {
  const ops = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const op = operationName ? ops.find((o) => o.name?.value === operationName) : ops[0];
  if (!op || op.operation !== 'query') return null;
  const onlyIntrospection = op.selectionSet.selections.every(
    (sel) => sel.kind === Kind.FIELD && INTROSPECTION_FIELDS.has(sel.name.value),
  );
  if (!onlyIntrospection) return null;
  return JSON.stringify([query, operationName ?? null, variables]);
}

/**
 * The introspection query consoles send on connect (graphql-js's, as this console and GraphiQL
 * ask: with descriptions and deprecated arguments and input fields). The older form without
 * them is cached on its first request, as any introspection.
 */
const STANDARD_INTROSPECTIONS = [
  getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }),
];

/**
 * Answers the standard introspection query into the cache before the
 * sandbox takes requests: the first connect after start gets the cached answer too (GitHub's
 * schema took ~450 ms to introspect and serialize on the first request).
 */
export async function warmIntrospectionCache(schema: GraphQLSchema): Promise<void> {
  const cache = introspectionCache(schema);
  for (const query of STANDARD_INTROSPECTIONS) {
    const doc = parse(query);
    const result = await execute({ schema, document: doc, operationName: 'IntrospectionQuery' });
    const text = serializeResult(result);
    if (result.errors?.length || typeof text !== 'string') continue;
    // Asked with its operation name (as this console and GraphiQL do) or without.
    for (const op of ['IntrospectionQuery', undefined]) {
      const key = introspectionCacheKey(doc, query, op, {});
      if (key !== null) cache.set(key, text);
    }
  }
}
