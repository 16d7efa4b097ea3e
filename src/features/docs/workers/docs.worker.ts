/// <reference lib="webworker" />
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { del, get, set } from 'idb-keyval';
import { diffSchemas } from '../lib/schema-changes.ts';
import { buildSearchIndex, searchSchema, type SearchIndex } from '../lib/search-index.ts';
import type { DocsWorkerRequest, DocsWorkerResponse, StoredChanges } from './protocol.ts';

// Heavy Docs work off the main thread: parse the introspection JSON, build the search index,
// answer searches, and compare with the last schema seen for the base URL (IndexedDB; the
// introspection text only, never a token).

let index: SearchIndex | undefined;
let loadId = -1;

const post = (m: DocsWorkerResponse) => self.postMessage(m);
const schemaKey = (base: string) => `docs:last-schema:${base}`;
const changesKey = (base: string) => `docs:changes:${base}`;

function build(text: string): GraphQLSchema {
  return buildClientSchema((JSON.parse(text) as { data: IntrospectionQuery }).data);
}

async function compare(id: number, baseUrl: string, text: string, schema: GraphQLSchema) {
  const prev = await get<{ text: string; at: number }>(schemaKey(baseUrl));
  if (prev && prev.text !== text) {
    const changes = diffSchemas(build(prev.text), schema);
    if (changes.length)
      await set(changesKey(baseUrl), { changes, at: Date.now() } satisfies StoredChanges);
  }
  if (!prev || prev.text !== text) await set(schemaKey(baseUrl), { text, at: Date.now() });
  const stored = (await get<StoredChanges>(changesKey(baseUrl))) ?? null;
  if (id === loadId) post({ type: 'changes', id, baseUrl, changes: stored });
}

self.onmessage = async (e: MessageEvent<DocsWorkerRequest>) => {
  const m = e.data;
  try {
    if (m.type === 'load') {
      loadId = m.id;
      const t0 = performance.now();
      const schema = build(m.text);
      const next = buildSearchIndex(schema);
      if (m.id !== loadId) return;
      index = next;
      post({ type: 'indexed', id: m.id, entries: next.entries.length, ms: performance.now() - t0 });
      if (m.baseUrl) await compare(m.id, m.baseUrl, m.text, schema);
    } else if (m.type === 'search') {
      const t0 = performance.now();
      const hits = index ? searchSchema(index, m.query, m.limit) : [];
      post({ type: 'results', id: m.id, query: m.query, hits, ms: performance.now() - t0 });
    } else if (m.type === 'dismiss-changes') {
      await del(changesKey(m.baseUrl));
    }
  } catch (err) {
    post({ type: 'error', id: 'id' in m ? m.id : -1, message: (err as Error).message });
  }
};
