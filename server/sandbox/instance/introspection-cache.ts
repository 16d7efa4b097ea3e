/**
 * Answers of introspection-only operations, cached per schema with their brotli and gzip
 * forms: a real instance compresses its GraphQL answers, and a big schema's introspection
 * (GitHub's is megabytes of JSON) compresses to a small fraction of its size.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import {
  execute,
  getIntrospectionQuery,
  Kind,
  parse,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { BoundedCache } from '../bounded-cache.ts';
import { serializeResult, writeJson } from './result-writer.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const INTROSPECTION_FIELDS = new Set(['__schema', '__type', '__typename']);
const INTROSPECTION_CACHE_ENTRIES = 16;
/** Size budget of the cache (GitHub's schema introspects to ~2.9 MB; variables count too). */
const INTROSPECTION_CACHE_BYTES = 32 * 1024 * 1024;
/** Answers shorter than this go out as they are: compressing them saves no time. */
const COMPRESS_FROM = 1024;

/** One cached answer: its JSON, and its compressed forms once they are made. */
export interface CachedAnswer {
  text: string;
  br?: Buffer;
  gzip?: Buffer;
}

const sizeOf = (a: CachedAnswer) => a.text.length + (a.br?.length ?? 0) + (a.gzip?.length ?? 0);
const caches = new WeakMap<GraphQLSchema, BoundedCache<CachedAnswer>>();

export function introspectionCache(schema: GraphQLSchema): BoundedCache<CachedAnswer> {
  let cache = caches.get(schema);
  if (!cache)
    caches.set(
      schema,
      (cache = new BoundedCache(INTROSPECTION_CACHE_ENTRIES, INTROSPECTION_CACHE_BYTES, sizeOf)),
    );
  return cache;
}

/** The answer with its brotli (quality 5, a quick level) and gzip (level 6) forms. */
async function compressed(text: string): Promise<CachedAnswer> {
  if (text.length < COMPRESS_FROM) return { text };
  const [br, gz] = await Promise.all([
    brotliAsync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
    gzipAsync(text),
  ]);
  return { text, br, gzip: gz };
}

/**
 * Caches an answer just executed. Its compressed forms are made in the background (on libuv's
 * threads) and replace the entry when ready, unless another answer took the key meanwhile.
 */
export function cacheAnswer(schema: GraphQLSchema, key: string, text: string): void {
  const cache = introspectionCache(schema);
  const plain: CachedAnswer = { text };
  cache.set(key, plain);
  if (text.length < COMPRESS_FROM) return;
  void compressed(text).then((full) => {
    if (cache.get(key) === plain) cache.set(key, full);
  });
}

/** Whether the request's `Accept-Encoding` takes `coding` (listed and not `q=0`). */
function accepts(req: IncomingMessage, coding: string): boolean {
  const accept = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  return accept.split(',').some((part) => {
    const [token, ...params] = part.split(';');
    if (token?.trim() !== coding) return false;
    const q = params.find((p) => p.trim().startsWith('q='));
    return !q || Number(q.trim().slice(2)) > 0;
  });
}

/**
 * Writes a cached answer: brotli or gzip when the client takes it and it is ready (browsers
 * send `Accept-Encoding` on every fetch and our relay passes both ways), otherwise the JSON.
 */
export function writeCachedAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: CachedAnswer,
): void {
  const coding =
    answer.br && accepts(req, 'br') ? 'br' : answer.gzip && accepts(req, 'gzip') ? 'gzip' : null;
  const body = coding === 'br' ? answer.br : coding === 'gzip' ? answer.gzip : undefined;
  if (answer.text.length >= COMPRESS_FROM)
    res.setHeader('Vary', appendVary(res.getHeader('Vary'), 'Accept-Encoding'));
  if (!coding || !body) {
    writeJson(res, 200, answer.text);
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Encoding': coding,
    'Content-Length': body.length,
  });
  res.end(body);
}

function appendVary(current: ReturnType<ServerResponse['getHeader']>, name: string): string {
  const value = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  return value ? `${value}, ${name}` : name;
}

/**
 * The cache key of an operation whose top-level selections are all `__schema`, `__type` or
 * `__typename` (its answer depends on the schema and the variables only, never on the user or
 * the data), or null. A big schema (GitHub's) is costly to introspect and serialize, and consoles
 * ask for it on every connect.
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
 * sandbox takes requests: the first connect after start gets the cached answer too.
 */
export async function warmIntrospectionCache(schema: GraphQLSchema): Promise<void> {
  const cache = introspectionCache(schema);
  for (const query of STANDARD_INTROSPECTIONS) {
    const doc = parse(query);
    const result = await execute({ schema, document: doc, operationName: 'IntrospectionQuery' });
    const text = serializeResult(result);
    if (result.errors?.length || typeof text !== 'string') continue;
    const answer = await compressed(text);
    // Asked with its operation name (as this console and GraphiQL do) or without.
    for (const op of ['IntrospectionQuery', undefined]) {
      const key = introspectionCacheKey(doc, query, op, {});
      if (key !== null) cache.set(key, answer);
    }
  }
}
