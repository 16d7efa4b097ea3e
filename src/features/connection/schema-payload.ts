import type { IntrospectionQuery } from 'graphql';

/**
 * An introspection result as the schema worker hands it to the page: the response text (for
 * the Docs worker, "What changed" and downloads) and the same schema cut into pieces the page
 * can parse a slice at a time (`schema-build.ts`).
 */
export interface SchemaPayload {
  /** The introspection response JSON text `{"data": {"__schema": …}}`. */
  text: string;
  /** `__schema` without its `types`, as JSON. */
  head: string;
  /** `__schema.types` as JSON arrays of about `CHUNK_CHARS` characters each, in schema order. */
  typeChunks: string[];
}

/** Size of one piece of types: parsing it takes a few ms on the main thread. */
const CHUNK_CHARS = 128 * 1024;

/** Cuts a parsed introspection result into a `SchemaPayload`. Pure. */
export function toSchemaPayload(
  text: string,
  data: IntrospectionQuery,
  chunkChars = CHUNK_CHARS,
): SchemaPayload {
  const { types, ...head } = data.__schema;
  const typeChunks: string[] = [];
  let piece: string[] = [];
  let size = 0;
  for (const t of types) {
    const json = JSON.stringify(t);
    piece.push(json);
    size += json.length;
    if (size >= chunkChars) {
      typeChunks.push(`[${piece.join(',')}]`);
      piece = [];
      size = 0;
    }
  }
  if (piece.length) typeChunks.push(`[${piece.join(',')}]`);
  return { text, head: JSON.stringify(head), typeChunks };
}
