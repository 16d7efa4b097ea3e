/**
 * The schema feature's entry for Web Workers: reading a schema file (SDL or introspection JSON)
 * without the page, the query cache or React (index.ts has the page's side). The Docs worker
 * reads a file to compare with this way ("Load schema file to compare").
 */
export { schemaFileToIntrospection } from './schema-file.ts';
