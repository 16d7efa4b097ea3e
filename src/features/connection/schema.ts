import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildClientSchema,
  getIntrospectionQuery,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { useCallback } from 'react';
import { normalizeBaseUrl } from './auth-header.ts';
import { useConnection, type ConnectionSettings } from './connection-store.ts';
import { sendGraphQL } from './transport.ts';

/** What every schema consumer (editor, Docs) sees. */
export interface SchemaState {
  schema?: GraphQLSchema;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** User-facing message saying what to do. */
  error?: string;
  source?: 'introspection' | 'introspection-legacy' | 'file';
  refetch(): void;
  loadFromFile(file: File): Promise<void>;
}

interface Loaded {
  schema: GraphQLSchema;
  source: NonNullable<SchemaState['source']>;
}

/** Short, non-reversible fingerprint of the credentials: never the token itself. */
export function tokenFingerprint(token: string, extra = ''): string {
  const s = `${token.trim()}\u0000${extra}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return token.trim() ? ((h2 >>> 0).toString(36) + (h1 >>> 0).toString(36)).slice(0, 10) : 'anon';
}

/** TanStack Query key of a connection's schema (never contains the raw token). */
export function schemaQueryKey(c: ConnectionSettings): readonly unknown[] {
  return [
    'schema',
    normalizeBaseUrl(c.baseUrl) ?? '',
    c.scheme,
    tokenFingerprint(c.token, c.sudoUser),
  ];
}

async function introspect(c: ConnectionSettings, signal: AbortSignal): Promise<Loaded> {
  const { response } = await sendGraphQL(
    c,
    {
      query: getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }),
      operationName: 'IntrospectionQuery',
    },
    { signal },
  );
  const text = await response.text();
  if (!response.ok)
    throw new Error(`Introspection failed (HTTP ${response.status}): ${text.slice(0, 200)}`);
  const json = JSON.parse(text) as { data?: IntrospectionQuery };
  if (!json.data) throw new Error('The server returned no schema.');
  return { schema: buildClientSchema(json.data), source: 'introspection' };
}

/** The schema of the current connection (introspection, cached per connection), or a loaded file. */
export function useSchema(): SchemaState {
  const conn = useConnection();
  const client = useQueryClient();
  const key = schemaQueryKey(conn);
  const enabled = Boolean(normalizeBaseUrl(conn.baseUrl));
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => introspect(conn, signal),
    enabled,
  });
  const refetch = useCallback(() => void q.refetch(), [q]);
  const loadFromFile = useCallback(
    async (file: File) => {
      const { buildSchema } = await import('graphql');
      const text = await file.text();
      const schema = text.trimStart().startsWith('{')
        ? buildClientSchema(
            ((JSON.parse(text) as { data?: IntrospectionQuery }).data ??
              JSON.parse(text)) as IntrospectionQuery,
          )
        : buildSchema(text, { assumeValidSDL: true });
      client.setQueryData<Loaded>(key, { schema, source: 'file' });
    },
    [client, key],
  );
  const status = !enabled && !q.data ? 'idle' : q.data ? 'ready' : q.isError ? 'error' : 'loading';
  return {
    schema: q.data?.schema,
    status,
    error: q.error ? q.error.message : undefined,
    source: q.data?.source,
    refetch,
    loadFromFile,
  };
}
