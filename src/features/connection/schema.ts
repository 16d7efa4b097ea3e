import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { useCallback, useMemo } from 'react';
import { httpMeta, NetworkError } from '../../shared/api/http.ts';
import { normalizeBaseUrl } from './auth-header.ts';
import { getConnection, useConnection, type ConnectionSettings } from './connection-store.ts';
import { TokenExpiredError, usableConnection } from './oauth-refresh.ts';
import type { SchemaFileResult } from './schema-file.ts';
import { tokenFingerprint } from './fingerprint.ts';
import { introspect, SchemaLoadError, type RawAnswer } from './schema-load.ts';
import { ConnectionError, sendGraphQL } from './transport.ts';

export { tokenFingerprint };

/** What every schema consumer (editor, Docs) sees. */
export interface SchemaState {
  schema?: GraphQLSchema;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** User-facing message saying what to do. */
  error?: string;
  source?: 'introspection' | 'introspection-legacy' | 'file';
  refetch(): void;
  loadFromFile(file: File): Promise<void>;
  /** Introspection response JSON text the schema was built from (for the Docs worker and downloads). */
  text?: string;
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
  schema: GraphQLSchema;
  source: NonNullable<SchemaState['source']>;
  text: string;
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

type TextListener = (text: string, baseUrl: string | undefined) => void;
const textListeners = new Set<TextListener>();

/**
 * Called with each schema's introspection text as soon as it arrives, before the main thread
 * builds the schema, so that the Docs worker can index it in parallel.
 */
export function onSchemaText(listener: TextListener): () => void {
  textListeners.add(listener);
  return () => textListeners.delete(listener);
}

function announce(text: string, baseUrl: string | undefined): void {
  for (const l of textListeners) l(text, baseUrl);
}

const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));

/** Builds the schema in its own task (the editor needs a GraphQLSchema on the main thread). */
async function build(data: IntrospectionQuery): Promise<GraphQLSchema> {
  await nextTask();
  performance.mark('schema:build-start');
  const schema = buildClientSchema(data);
  performance.measure('schema:build', 'schema:build-start');
  return schema;
}

async function loadIntrospection(signal: AbortSignal): Promise<LoadedSchema> {
  const send = async (query: string): Promise<RawAnswer> => {
    // The same usable-token path as a run: an OAuth token known to be expired is refreshed first.
    const c = await usableConnection();
    const { response } = await sendGraphQL(
      c,
      { query, operationName: 'IntrospectionQuery' },
      { signal },
    );
    const text = await response.text();
    performance.mark('schema:response');
    return {
      ...httpMeta(response),
      text,
    };
  };
  try {
    const r = await introspect(send);
    announce(r.text, normalizeBaseUrl(getConnection().baseUrl));
    const schema = await build(r.data);
    return {
      schema,
      source: r.legacy ? 'introspection-legacy' : 'introspection',
      text: r.text,
      notice: r.notice,
    };
  } catch (err) {
    if (err instanceof NetworkError && err.kind === 'aborted') throw err;
    if (
      err instanceof NetworkError ||
      err instanceof ConnectionError ||
      err instanceof TokenExpiredError
    )
      throw new SchemaLoadError(`${err.message} Then refetch the schema (Shift-Ctrl-R).`);
    if (err instanceof SchemaLoadError) throw err;
    throw new SchemaLoadError(
      `The schema could not be built from the introspection result: ${(err as Error).message}. ` +
        'Load the schema from a file (SDL or introspection JSON) instead.',
    );
  }
}

/** Converts a schema file in a worker (SDL parsing of big schemas takes hundreds of ms). */
function convertFile(name: string, text: string): Promise<SchemaFileResult> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./schema-file.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.onmessage = (e: MessageEvent<SchemaFileResult>) => {
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = (e) => {
      worker.terminate();
      resolve({
        ok: false,
        message: `Could not read ${name}: ${e.message || 'the worker failed'}.`,
      });
    };
    worker.postMessage({ name, text });
  });
}

/** Loads a schema file into the cache entry of the connection `key` (the editor and Docs follow). */
async function loadSchemaFile(
  client: QueryClient,
  key: readonly unknown[],
  file: File,
): Promise<void> {
  const r = await convertFile(file.name, await file.text());
  if (!r.ok) throw new SchemaLoadError(r.message);
  announce(r.text, undefined);
  const schema = await build((JSON.parse(r.text) as { data: IntrospectionQuery }).data);
  await client.cancelQueries({ queryKey: key });
  client.setQueryData<LoadedSchema>(key, {
    schema,
    source: 'file',
    text: r.text,
    fileName: file.name,
  });
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
    queryFn: ({ signal }) => loadIntrospection(signal),
    enabled: Boolean(baseUrl),
    staleTime: Infinity,
    // Big schemas weigh tens of MB once built: do not keep other connections' around for long.
    gcTime: 5 * 60_000,
    retry: false,
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
  const status: SchemaState['status'] = data
    ? 'ready'
    : q.isError
      ? 'error'
      : baseUrl
        ? 'loading'
        : 'idle';
  return {
    schema: data?.schema,
    status,
    error: q.error ? q.error.message : undefined,
    source: data?.source,
    refetch,
    loadFromFile,
    text: data?.text,
    notice: data?.notice,
    baseUrl,
    fileName: data?.fileName,
    fetching: q.isFetching,
  };
}
