/**
 * The schema feature's public entry: the current connection's schema (introspection or a file,
 * read in a worker, built for Docs and then for completion) and its introspection JSON for the Docs worker.
 * Other features and src/app import schema only through this file.
 */
export {
  onSchemaJson,
  prefetchSchema,
  useSchema,
  type BrowsableSchema,
  type SchemaState,
} from './schema.ts';
