import type { OperationCheck } from '../lib/operation-check.ts';
import type { SchemaChange } from '../lib/schema-changes.ts';
import type { SearchHit } from '../lib/search-index.ts';
import type { UpgradeOperation } from '../upgrade-props.ts';

/** Stored "What changed" for one base URL. */
export interface StoredChanges {
  changes: SchemaChange[];
  /** Epoch ms when the difference was found. */
  at: number;
}

/** One upgrade check: the operations against the compared file, or the current schema. */
export interface UpgradeResult extends OperationCheck {
  /** The name of the schema file checked against; null: the current schema. */
  against: string | null;
  /** From the current schema to the file's (with a file only). */
  changes?: SchemaChange[];
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
  /** Reads a schema file (SDL or introspection JSON) to check against; rejects saying what to do. */
  compareFile: { params: { name: string; body: ArrayBuffer }; result: { name: string } };
  forgetComparedFile: { params: null; result: void };
  /**
   * Validates the operations against the compared file (with the changes to it from the
   * current schema, `schemaJson`: the introspection response the Docs show) or, without a
   * file, against the current schema.
   */
  upgradeCheck: {
    params: { operations: readonly UpgradeOperation[]; schemaJson: Blob };
    result: UpgradeResult;
  };
};
