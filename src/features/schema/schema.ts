import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { GraphQLSchema } from 'graphql';
import { useCallback, useEffect, useMemo } from 'react';
import { NetworkError } from '../../shared/api/http.ts';
import { createStore, useStore } from '../../shared/lib/store.ts';
import { lazyOnce } from '../../shared/lib/lazy-once.ts';
import { afterNextPaint, holdQuiet } from '../../shared/lib/schedule.ts';
import {
  ConnectionError,
  getConnection,
  normalizeBaseUrl,
  onSandboxCommit,
  sendGraphQL,
  tokenFingerprint,
  TokenExpiredError,
  tokenUsableNow,
  usableConnection,
  useConnection,
  type ConnectionSettings,
} from '../connection/index.ts';
import type * as SchemaBuild from './schema-build.ts';
import type { BrowsableSchema, SchemaUnderConstruction } from './schema-build.ts';
import { pendingCompletion, type Completion, type PendingCompletion } from './schema-completion.ts';
import { introspect, SchemaLoadError } from './schema-load.ts';
import {
  readAnswerOffThread,
  readFileOffThread,
  warmSchemaWorker,
  type ReadPayload,
} from './schema-worker.ts';

export type { BrowsableSchema };

/** What every schema consumer (editor, Docs) sees. */
export interface SchemaState {
  /**
   * The whole schema (completion, lint, SDL download): built a slice at a time once `types` are
   * on screen (schema-completion.ts).
   */
  schema?: GraphQLSchema;
  /** Types by name and the root types: what Docs shows, there before `schema` is complete. */
  types?: BrowsableSchema;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** User-facing message saying what to do. */
  error?: string;
  source?: 'introspection' | 'introspection-legacy' | 'file';
  refetch(): void;
  loadFromFile(file: File): Promise<void>;
  /**
   * The introspection response JSON the schema was built from (the Docs worker reads it;
   * "Download JSON"): a Blob, so the page's heap never keeps the text once the schema is built.
   */
  json?: Blob;
  /** Said in the panel, e.g. when the older introspection query had to be used. */
  notice?: string;
  /** Normalised base URL of the connection ('' when none). */
  baseUrl: string;
  /** Name of the loaded file when source is 'file'. */
  fileName?: string;
  /** True while a refetch runs over an already loaded schema. */
  fetching: boolean;
}

/** What the query cache holds for one connection. */
interface LoadedSchema {
  types: SchemaUnderConstruction;
  /** The whole schema, built once the types are on screen. */
  whole: PendingCompletion;
  source: NonNullable<SchemaState['source']>;
  json: Blob;
  notice?: string;
  fileName?: string;
}

/** TanStack Query key of a connection's schema (never contains the raw token). */
export function schemaQueryKey(c: ConnectionSettings): readonly unknown[] {
  return [
    'schema',
    normalizeBaseUrl(c.baseUrl) ?? '',
    c.scheme,
    tokenFingerprint(c.token, c.scheme === 'sudo' ? c.sudoUser : ''),
  ];
}

type JsonListener = (json: Blob, baseUrl: string | undefined) => void;
const jsonListeners = new Set<JsonListener>();

/**
 * Called with each schema's introspection JSON, so that the Docs worker can index it, once its
 * types are built and the frame that shows them is painted.
 */
export function onSchemaJson(listener: JsonListener): () => void {
  jsonListeners.add(listener);
  return () => jsonListeners.delete(listener);
}

function announce(json: Blob, baseUrl: string | undefined): void {
  afterNextPaint(() => {
    performance.mark('schema:text-announced');
    for (const l of jsonListeners) l(json, baseUrl);
  });
}

/**
 * The schema builder's chunk (graphql-js's type system): its own chunk, so the start of the page
 * (which may start a schema load) does not carry it; fetched as soon as an answer is coming, not
 * once it is in.
 */
const loadBuilder: () => Promise<typeof SchemaBuild> = lazyOnce(
  () => import('./schema-build.ts'),
).load;

const BUILD_FAILED = 'The schema could not be built from the introspection result';
const USE_FILE = 'Load the schema from a file (SDL or introspection JSON) instead.';

/** A build error in words for the user (a SchemaLoadError already has them). */
const failed = (err: Error) =>
  err instanceof SchemaLoadError ? err.message : `${BUILD_FAILED}: ${err.message}. ${USE_FILE}`;

/**
 * Builds a payload's types (Docs can show them when this resolves); the whole schema for the
 * editor is built once they are on screen (`pendingCompletion`, started by `useSchema`).
 */
async function build(payload: ReadPayload): Promise<Pick<LoadedSchema, 'types' | 'whole'>> {
  performance.mark('schema:build-start');
  let types: SchemaUnderConstruction;
  try {
    const { browseSchema } = await loadBuilder();
    types = await browseSchema(payload);
  } catch (err) {
    throw new SchemaLoadError(failed(err as Error));
  }
  performance.measure('schema:types', 'schema:build-start');
  return { types, whole: pendingCompletion(types, failed, payload.checked) };
}

function isAbort(err: unknown): boolean {
  return (
    (err instanceof NetworkError && err.kind === 'aborted') ||
    (err instanceof DOMException && err.name === 'AbortError')
  );
}

/** Loads by introspection; the page is not quiet meanwhile (deferred chunks wait: page-quiet.ts). */
function loadIntrospection(signal: AbortSignal): Promise<LoadedSchema> {
  return holdQuiet(introspectSchema(signal));
}

async function introspectSchema(signal: AbortSignal): Promise<LoadedSchema> {
  warmSchemaWorker();
  const send = async (query: string) => {
    // The same usable-token path as a run: an OAuth token known to be expired is refreshed first.
    // Otherwise the request leaves in this very turn: "Use sandbox" commits, then prefetches,
    // and React's render of the commit waits for the next microtask.
    const c = tokenUsableNow() ? getConnection() : await usableConnection();
    const { response } = await sendGraphQL(
      c,
      { query, operationName: 'IntrospectionQuery' },
      { signal },
    );
    // A schema is on its way: the builder loads while its body arrives and the worker reads it
    // (not at the page's start, where an anonymous probe would make it compete with the console).
    if (response.ok) loadBuilder().catch(() => undefined); // build() loads it again and reports the failure
    return readAnswerOffThread(response, signal);
  };
  try {
    const r = await introspect(send);
    const baseUrl = normalizeBaseUrl(getConnection().baseUrl);
    const built = await build(r.data);
    announce(r.data.json, baseUrl);
    return {
      ...built,
      source: r.legacy ? 'introspection-legacy' : 'introspection',
      json: r.data.json,
      notice: r.notice,
    };
  } catch (err) {
    if (isAbort(err)) throw err;
    if (
      err instanceof NetworkError ||
      err instanceof ConnectionError ||
      err instanceof TokenExpiredError
    )
      throw new SchemaLoadError(`${err.message} Then refetch the schema (Shift-Ctrl-R).`);
    if (err instanceof SchemaLoadError) throw err;
    throw new SchemaLoadError(`${BUILD_FAILED}: ${(err as Error).message}. ${USE_FILE}`);
  }
}

/** Loads a schema file into the cache entry of the connection `key` (the editor and Docs follow). */
async function loadSchemaFile(
  client: QueryClient,
  key: readonly unknown[],
  file: File,
): Promise<void> {
  const payload = await readFileOffThread(file);
  const built = await build(payload);
  announce(payload.json, undefined);
  await client.cancelQueries({ queryKey: key });
  client.setQueryData<LoadedSchema>(key, {
    ...built,
    source: 'file',
    json: payload.json,
    fileName: file.name,
  });
}

const NOT_LOADED = createStore<Completion>({});

/** A load started before any component asked (`prefetchSchema`), for the query to adopt. */
let early: { key: string; load: Promise<LoadedSchema>; controller: AbortController } | undefined;
/** The connections (query keys, as JSON) whose schema query has run: the query cache decides. */
const queried = new Set<string>();

/**
 * Starts loading the committed connection's schema now, before a component asks: at the page's
 * start (before the console's code has loaded) and when "Use sandbox" commits (before React
 * has rendered it). The `useSchema` query of the same connection adopts it. Nothing happens
 * without an Instance URL, nor for a connection whose schema query has run (the query cache
 * holds or loads it); the token goes only to the connection's own URL, as with any
 * introspection.
 */
export function prefetchSchema(): void {
  const c = getConnection();
  if (!normalizeBaseUrl(c.baseUrl)) return;
  const key = JSON.stringify(schemaQueryKey(c));
  if (queried.has(key) || early?.key === key) return;
  early?.controller.abort();
  const controller = new AbortController();
  const load = loadIntrospection(controller.signal);
  load.catch(() => {});
  early = { key, load, controller };
}
// "Use sandbox" commits its connection, then this starts the request in the same task.
onSandboxCommit(prefetchSchema);

/** The early load for this query key, handed over once (a refetch loads afresh). */
function adoptEarly(
  key: readonly unknown[],
  signal: AbortSignal,
): Promise<LoadedSchema> | undefined {
  const json = JSON.stringify(key);
  queried.add(json);
  const e = early;
  if (!e || e.key !== json) return undefined;
  early = undefined;
  signal.addEventListener('abort', () => e.controller.abort());
  return e.load;
}

/**
 * The schema query's function (`useSchema`): the load `prefetchSchema` started for this
 * connection, or a new one.
 */
function loadSchemaQuery({
  queryKey,
  signal,
}: {
  queryKey: readonly unknown[];
  signal: AbortSignal;
}): Promise<LoadedSchema> {
  return adoptEarly(queryKey, signal) ?? loadIntrospection(signal);
}

/** The schema of the current connection (introspection, cached per connection), or a loaded file. */
export function useSchema(): SchemaState {
  const conn = useConnection();
  const client = useQueryClient();
  const key = schemaQueryKey(conn);
  const keyJson = JSON.stringify(key);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by its JSON
  const stableKey = useMemo(() => key, [keyJson]);
  const baseUrl = stableKey[1] as string;
  const q = useQuery({
    queryKey: stableKey,
    queryFn: loadSchemaQuery,
    enabled: Boolean(baseUrl),
    staleTime: Infinity,
    // Big schemas weigh tens of MB once built: do not keep other connections' around for long.
    gcTime: 5 * 60_000,
    retry: false,
    // The entry holds live objects (types under construction, a store): never copied or merged.
    structuralSharing: false,
    // A new token for the same instance (OAuth refresh, sudo user) keeps the schema on screen
    // while it is fetched again; another instance never shows this one's schema.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[1] === baseUrl ? prev : undefined),
  });
  const { refetch: rq } = q;
  const refetch = useCallback(() => {
    if (baseUrl) void rq({ cancelRefetch: true });
  }, [rq, baseUrl]);
  const loadFromFile = useCallback(
    (file: File) => loadSchemaFile(client, stableKey, file),
    [client, stableKey],
  );
  const data = q.data;
  const completion = useStore(data?.whole.completion ?? NOT_LOADED);
  // The editor's whole schema is built once the types are painted: Docs show them first.
  useEffect(() => (data ? afterNextPaint(data.whole.start) : undefined), [data]);
  const status: SchemaState['status'] = data
    ? completion.error
      ? 'error'
      : 'ready'
    : q.isError
      ? 'error'
      : baseUrl
        ? 'loading'
        : 'idle';
  return {
    schema: completion.schema,
    types: completion.error ? undefined : data?.types,
    status,
    error: q.error ? q.error.message : completion.error,
    source: data?.source,
    refetch,
    loadFromFile,
    json: data?.json,
    notice: data?.notice,
    baseUrl,
    fileName: data?.fileName,
    fetching: q.isFetching,
  };
}
