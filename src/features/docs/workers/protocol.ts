import type { SchemaChange } from '../lib/schema-changes.ts';
import type { SearchHit } from '../lib/search-index.ts';

/** Stored "What changed" for one base URL. */
export interface StoredChanges {
  changes: SchemaChange[];
  /** Epoch ms when the difference was found. */
  at: number;
}

/** The Docs worker's methods (called through src/shared/lib/worker-rpc.ts). */
export type DocsApi = {
  /**
   * Index this introspection response JSON (progress: indexed); with baseUrl, also compare with
   * the last schema seen there and return the stored "What changed". A Blob: the worker decodes
   * it, the page never copies the text.
   */
  load: {
    params: { json: Blob; baseUrl?: string };
    result: StoredChanges | null;
    progress: { entries: number; ms: number };
  };
  search: { params: { query: string; limit: number }; result: { hits: SearchHit[]; ms: number } };
  dismissChanges: { params: { baseUrl: string }; result: void };
};
