import type { SchemaChange } from '../lib/schema-changes.ts';
import type { SearchHit } from '../lib/search-index.ts';

/** Messages to the Docs worker. */
export type DocsWorkerRequest =
  /** Index this introspection response; with baseUrl, also compare with the last schema seen there. */
  | { type: 'load'; id: number; text: string; baseUrl?: string }
  | { type: 'search'; id: number; query: string; limit: number }
  | { type: 'dismiss-changes'; baseUrl: string };

/** Stored "What changed" for one base URL. */
export interface StoredChanges {
  changes: SchemaChange[];
  /** Epoch ms when the difference was found. */
  at: number;
}

/** Messages from the Docs worker. */
export type DocsWorkerResponse =
  | { type: 'indexed'; id: number; entries: number; ms: number }
  | { type: 'changes'; id: number; baseUrl: string; changes: StoredChanges | null }
  | { type: 'results'; id: number; query: string; hits: SearchHit[]; ms: number }
  | { type: 'error'; id: number; message: string };
