import { useEffect, useSyncExternalStore } from 'react';
import { onSchemaText } from '../../connection/index.ts';
import type { SearchHit } from '../lib/search-index.ts';
import type { DocsWorkerRequest, DocsWorkerResponse, StoredChanges } from '../workers/protocol.ts';

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

let worker: Worker | undefined;
let seq = 0;
let searchSeq = 0;
let loadedText: string | undefined;
let snapshot: IndexSnapshot = { ready: false, entries: 0, changes: null };
const listeners = new Set<() => void>();
const pending = new Map<number, (r: { hits: SearchHit[]; ms: number }) => void>();

function emit(patch: Partial<IndexSnapshot>): void {
  snapshot = { ...snapshot, ...patch };
  for (const l of listeners) l();
}

function send(m: DocsWorkerRequest): void {
  if (!worker) {
    try {
      worker = new Worker(new URL('../workers/docs.worker.ts', import.meta.url), {
        type: 'module',
      });
    } catch (err) {
      emit({
        error: `Search is unavailable: the Docs worker could not start (${(err as Error).message}).`,
      });
      return;
    }
    worker.onmessage = (e: MessageEvent<DocsWorkerResponse>) => {
      const r = e.data;
      if (r.type === 'indexed' && r.id === seq) {
        performance.mark('docs:indexed');
        emit({ ready: true, entries: r.entries, ms: r.ms, error: undefined });
      } else if (r.type === 'changes' && r.id === seq)
        emit({ changes: r.changes, baseUrl: r.baseUrl });
      else if (r.type === 'results') {
        pending.get(r.id)?.({ hits: r.hits, ms: r.ms });
        pending.delete(r.id);
      } else if (r.type === 'error') {
        pending.get(r.id)?.({ hits: [], ms: 0 });
        pending.delete(r.id);
        if (r.id === seq) emit({ error: r.message });
      }
    };
    worker.onerror = (e) => emit({ error: `The Docs worker failed: ${e.message}` });
  }
  worker.postMessage(m);
}

/** Hands a schema (introspection response text) to the worker; with baseUrl, "What changed" is tracked. */
export function loadIndex(text: string, baseUrl?: string): void {
  if (text === loadedText) return;
  loadedText = text;
  const id = ++seq;
  emit({ ready: false, entries: 0, changes: null, baseUrl, error: undefined });
  send({ type: 'load', id, text, baseUrl });
}

// Once the Docs have been opened, index each new schema while the main thread builds it.
onSchemaText((text, baseUrl) => loadIndex(text, baseUrl));

/** Searches the current index; resolves with the hits of this query (callers drop stale ones). */
export function searchIndex(query: string, limit = 50): Promise<{ hits: SearchHit[]; ms: number }> {
  const id = 1_000_000_000 + ++searchSeq; // never collides with load ids
  return new Promise((resolve) => {
    pending.set(id, resolve);
    send({ type: 'search', id, query, limit });
  });
}

/** Forgets the stored "What changed" for a base URL. */
export function dismissChanges(baseUrl: string): void {
  emit({ changes: null });
  send({ type: 'dismiss-changes', baseUrl });
}

/** Keeps the worker's index on `text` and returns its state. */
export function useDocsIndex(text: string | undefined, baseUrl: string | undefined): IndexSnapshot {
  useEffect(() => {
    if (text) loadIndex(text, baseUrl);
  }, [text, baseUrl]);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
    () => snapshot,
  );
}
