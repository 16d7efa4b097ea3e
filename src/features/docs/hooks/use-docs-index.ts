import { useEffect } from 'react';
import { createStore, useStore } from '../../../shared/lib/store.ts';
import { onSchemaJson } from '../../schema/index.ts';
import type { SearchHit } from '../lib/search-index.ts';
import { docsWorker } from '../workers/docs-client.ts';
import type { StoredChanges } from '../workers/protocol.ts';

/** What the Docs worker has for the current schema. */
export interface IndexSnapshot {
  ready: boolean;
  entries: number;
  /** Worker time to parse and index, ms. */
  ms?: number;
  baseUrl?: string;
  changes: StoredChanges | null;
  error?: string;
}

let loading: AbortController | undefined;
let loadedJson: Blob | undefined;
const snapshot = createStore<IndexSnapshot>({ ready: false, entries: 0, changes: null });

function emit(patch: Partial<IndexSnapshot>): void {
  snapshot.set((current) => ({ ...current, ...patch }));
}

/**
 * Hands a schema (the introspection response JSON, a Blob the worker reads) to the worker; with
 * baseUrl, "What changed" is tracked.
 */
function loadIndex(json: Blob, baseUrl?: string): void {
  if (json === loadedJson) return;
  loadedJson = json;
  loading?.abort(); // the worker drops the older schema
  const ac = new AbortController();
  loading = ac;
  emit({ ready: false, entries: 0, changes: null, baseUrl, error: undefined });
  docsWorker
    .call(
      'load',
      { json, baseUrl },
      {
        signal: ac.signal,
        onProgress(p) {
          performance.mark('docs:indexed');
          emit({ ready: true, entries: p.entries, ms: p.ms, error: undefined });
        },
      },
    )
    .then(
      (changes) => {
        if (baseUrl) emit({ changes, baseUrl });
      },
      (err: Error) => {
        if (!ac.signal.aborted) emit({ error: err.message });
      },
    );
}

// Once the Docs have been opened, index each new schema as soon as its types are on screen.
onSchemaJson((json, baseUrl) => loadIndex(json, baseUrl));

/** Searches the current index; resolves with the hits of this query (callers drop stale ones). */
export function searchIndex(query: string, limit = 50): Promise<{ hits: SearchHit[]; ms: number }> {
  return docsWorker.call('search', { query, limit }).catch(() => ({ hits: [], ms: 0 }));
}

/** Forgets the stored "What changed" for a base URL. */
export function dismissChanges(baseUrl: string): void {
  emit({ changes: null });
  docsWorker.call('dismissChanges', { baseUrl }).catch(() => {});
}

/** Keeps the worker's index on `json` and returns its state. */
export function useDocsIndex(json: Blob | undefined, baseUrl: string | undefined): IndexSnapshot {
  useEffect(() => {
    if (json) loadIndex(json, baseUrl);
  }, [json, baseUrl]);
  return useStore(snapshot);
}
