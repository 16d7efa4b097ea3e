/**
 * A collection as a file: export (never tokens; header values only when asked) and import with
 * validation that says what is wrong. Imports never overwrite: clashing names get a suffix.
 */
import { redactHeaderValues } from './redact-headers.ts';
import {
  isBuiltInCollection,
  saveOperation,
  type Collection,
  type SavedState,
} from './collections.ts';

export const COLLECTION_FILE_FORMAT = 'debug-console-collection';
const COLLECTION_FILE_VERSION = 1;
/** Larger files are refused before parsing (a collection of operations is a few KB). */
export const MAX_COLLECTION_FILE_BYTES = 5 * 1024 * 1024;

interface ImportedOperation {
  name: string;
  query: string;
  variables: string;
  headers: string;
  operationName?: string;
}

export interface ImportedCollection {
  name: string;
  operations: ImportedOperation[];
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** The file's text (pretty JSON). */
export function exportCollection(
  c: Collection,
  o: { includeHeaderValues: boolean; now?: Date },
): string {
  return `${JSON.stringify(
    {
      format: COLLECTION_FILE_FORMAT,
      version: COLLECTION_FILE_VERSION,
      name: c.name,
      exportedAt: (o.now ?? new Date()).toISOString(),
      operations: c.operations.map((op) => ({
        name: op.name,
        query: op.query,
        variables: op.variables,
        headers: o.includeHeaderValues ? op.headers : redactHeaderValues(op.headers),
        ...(op.operationName ? { operationName: op.operationName } : {}),
      })),
    },
    null,
    2,
  )}\n`;
}

/** A file name for the download: the collection's name made safe. */
export function collectionFileName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'collection'}.collection.json`;
}

function fail(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

function parseOperation(raw: unknown, n: number): Result<ImportedOperation> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return fail(`Operation ${n} is not an object.`);
  const o = raw as Record<string, unknown>;
  if (typeof o.name !== 'string' || !o.name.trim())
    return fail(`Operation ${n} has no "name" (a non-empty string).`);
  if (typeof o.query !== 'string')
    return fail(`Operation ${n} ("${o.name}") has no "query" (a string).`);
  let variables = '';
  if (typeof o.variables === 'string') variables = o.variables;
  else if (o.variables && typeof o.variables === 'object' && !Array.isArray(o.variables))
    variables = JSON.stringify(o.variables, null, 2);
  else if (o.variables !== undefined && o.variables !== null)
    return fail(`Operation ${n} ("${o.name}"): "variables" must be a JSON object or a string.`);
  if (o.headers !== undefined && typeof o.headers !== 'string')
    return fail(`Operation ${n} ("${o.name}"): "headers" must be a string.`);
  if (o.operationName !== undefined && typeof o.operationName !== 'string')
    return fail(`Operation ${n} ("${o.name}"): "operationName" must be a string.`);
  return {
    ok: true,
    value: {
      name: o.name.trim(),
      query: o.query,
      variables,
      headers: typeof o.headers === 'string' ? o.headers : '',
      operationName:
        typeof o.operationName === 'string' && o.operationName ? o.operationName : undefined,
    },
  };
}

/** Checks a collection file; the error says what is wrong and where. */
export function parseCollectionFile(text: string): Result<ImportedCollection> {
  if (text.length > MAX_COLLECTION_FILE_BYTES)
    return fail(
      `The file is too large (${(text.length / 1024 / 1024).toFixed(1)} MB; at most 5 MB). Is it a collection file?`,
    );
  if (!text.trim())
    return fail('The file is empty. Choose a collection file exported from this console.');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return fail(`The file is not valid JSON (${(e as Error).message}).`);
  }
  const f = raw as Record<string, unknown>;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || f.format !== COLLECTION_FILE_FORMAT)
    return fail(
      `This is not a collection file: it lacks "format": "${COLLECTION_FILE_FORMAT}". Export one with "Export" in Saved operations.`,
    );
  if (f.version !== COLLECTION_FILE_VERSION)
    return fail(
      `The file is of version ${String(f.version)}; this console reads version ${COLLECTION_FILE_VERSION}.`,
    );
  if (typeof f.name !== 'string' || !f.name.trim())
    return fail('The collection has no "name" (a non-empty string).');
  if (!Array.isArray(f.operations)) return fail('The collection has no "operations" list.');
  const operations: ImportedOperation[] = [];
  for (const [i, o] of (f.operations as unknown[]).entries()) {
    const r = parseOperation(o, i + 1);
    if (!r.ok) return r;
    operations.push(r.value);
  }
  return { ok: true, value: { name: f.name.trim(), operations } };
}

function freeName(taken: Set<string>, name: string): string {
  if (!taken.has(name)) return name;
  let candidate = `${name} (imported)`;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name} (imported ${n})`;
  return candidate;
}

/**
 * Adds the imported operations to the collection of the same name (created when missing; the
 * built-in name gets a suffix). Nothing existing is replaced: a clashing name gets "(imported)".
 */
export function importCollection(
  state: SavedState,
  imported: ImportedCollection,
  now: number,
): { state: SavedState; collection: string; added: number; renamed: number } {
  const collection = isBuiltInCollection(imported.name)
    ? `${imported.name} (imported)`
    : imported.name;
  const taken = new Set(
    state.collections.find((c) => c.name === collection)?.operations.map((o) => o.name) ?? [],
  );
  let next = state;
  let renamed = 0;
  if (!next.collections.some((c) => c.name === collection))
    next = { collections: [...next.collections, { name: collection, operations: [] }] };
  for (const op of imported.operations) {
    const name = freeName(taken, op.name);
    if (name !== op.name) renamed += 1;
    taken.add(name);
    next = saveOperation(next, { ...op, name, collection, now });
  }
  return { state: next, collection, added: imported.operations.length, renamed };
}
