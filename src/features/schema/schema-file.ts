import {
  buildClientSchema,
  buildSchema,
  introspectionFromSchema,
  type IntrospectionQuery,
} from 'graphql';

/** Result of reading a schema file: the introspection (and its JSON text), or a message saying what to do. */
export type SchemaFileResult =
  { ok: true; text: string; data: IntrospectionQuery } | { ok: false; message: string };

/**
 * Turns a schema file (SDL, or an introspection result with or without `data`) into the JSON
 * text of an introspection response `{"data": {...}}`. GitHub's public SDL defines two fields
 * twice, so SDL is built with `assumeValidSDL`. Runs in a worker for big files.
 */
export function schemaFileToIntrospection(name: string, text: string): SchemaFileResult {
  const what = `Choose a GraphQL SDL file (.graphql) or an introspection result (.json) and load it again.`;
  const trimmed = text.trimStart();
  if (!trimmed) return { ok: false, message: `${name} is empty. ${what}` };
  try {
    if (trimmed.startsWith('{')) {
      let body: { data?: IntrospectionQuery; __schema?: unknown };
      try {
        body = JSON.parse(text) as typeof body;
      } catch (err) {
        return {
          ok: false,
          message: `${name} is not valid JSON (${(err as Error).message}). ${what}`,
        };
      }
      const data = (body.data ?? body) as IntrospectionQuery;
      if (!data || typeof data !== 'object' || !data.__schema)
        return {
          ok: false,
          message: `${name} is JSON but not an introspection result (no "__schema"). ${what}`,
        };
      buildClientSchema(data); // validates the shape
      return { ok: true, text: JSON.stringify({ data }), data };
    }
    const schema = buildSchema(text, { assumeValidSDL: true });
    const data = introspectionFromSchema(schema, { inputValueDeprecation: true });
    return { ok: true, text: JSON.stringify({ data }), data };
  } catch (err) {
    return {
      ok: false,
      message: `Could not read ${name} as a schema: ${(err as Error).message} ${what}`,
    };
  }
}
