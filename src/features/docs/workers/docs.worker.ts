/// <reference lib="webworker" />
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { del, get, set } from 'idb-keyval';
import { schemaFileToIntrospection } from '../../schema/for-workers.ts';
import { checkOperations } from '../lib/operation-check.ts';
import { diffSchemas } from '../lib/schema-changes.ts';
import { buildSearchIndex, searchSchema, type SearchIndex } from '../lib/search-index.ts';
import { serveRpc } from '../../../shared/lib/worker-rpc.ts';
import type { DocsApi, StoredChanges } from './protocol.ts';

// Heavy Docs work off the main thread: parse the introspection JSON, build the search index,
// answer searches, compare with the last schema seen for the base URL (IndexedDB; the
// introspection text only, never a token), and the upgrade check (a schema file to compare
// with, and validating every operation).

let index: SearchIndex | undefined;
/**
 * The schema the last upgrade check ran on, built from the text it was sent with (kept only
 * once a check has run: Docs alone keep no built schema here).
 */
let checkedOn: { text: string; schema: GraphQLSchema } | undefined;
/** The schema file loaded to compare with, until forgotten. */
let compared: { name: string; schema: GraphQLSchema } | undefined;

const schemaKey = (base: string) => `docs:last-schema:${base}`;
const changesKey = (base: string) => `docs:changes:${base}`;
const decoder = new TextDecoder();

function build(text: string): GraphQLSchema {
  return buildClientSchema((JSON.parse(text) as { data: IntrospectionQuery }).data);
}

async function compare(baseUrl: string, text: string, schema: GraphQLSchema) {
  const prev = await get<{ text: string; at: number }>(schemaKey(baseUrl));
  if (prev && prev.text !== text) {
    const changes = await diffSchemas(build(prev.text), schema);
    if (changes.length)
      await set(changesKey(baseUrl), { changes, at: Date.now() } satisfies StoredChanges);
  }
  if (!prev || prev.text !== text) await set(schemaKey(baseUrl), { text, at: Date.now() });
  return (await get<StoredChanges>(changesKey(baseUrl))) ?? null;
}

serveRpc<DocsApi>(self, {
  async load({ json, baseUrl }, { signal, progress }) {
    const t0 = performance.now();
    const text = await json.text();
    if (signal.aborted) return null;
    const schema = build(text);
    const next = buildSearchIndex(schema);
    if (signal.aborted) return null; // a newer schema replaced this one
    index = next;
    progress({ entries: next.entries.length, ms: performance.now() - t0 });
    return baseUrl ? compare(baseUrl, text, schema) : null;
  },
  search({ query, limit }) {
    const t0 = performance.now();
    const hits = index ? searchSchema(index, query, limit) : [];
    return { hits, ms: performance.now() - t0 };
  },
  async dismissChanges({ baseUrl }) {
    await del(changesKey(baseUrl));
  },
  compareFile({ name, body }) {
    const r = schemaFileToIntrospection(name, decoder.decode(body));
    if (!r.ok) throw new Error(r.message);
    compared = { name, schema: buildClientSchema(r.data) };
    return { name };
  },
  forgetComparedFile() {
    compared = undefined;
  },
  async upgradeCheck({ operations, schemaJson }) {
    const schemaText = await schemaJson.text();
    if (checkedOn?.text !== schemaText) checkedOn = { text: schemaText, schema: build(schemaText) };
    const now = checkedOn.schema;
    if (!compared) return { ...checkOperations(now, operations), against: null };
    const { name, schema } = compared;
    const changes = await diffSchemas(now, schema);
    return { ...checkOperations(schema, operations, now), against: name, changes };
  },
});
