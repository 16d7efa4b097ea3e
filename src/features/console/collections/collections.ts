/**
 * Saved operations in named collections: a pure model (no storage, no React). The store
 * (saved-store.ts) loads, applies these functions and writes back.
 */
import { DIAGNOSTICS_COLLECTION } from '../../../shared/contracts/diagnostics-collection.ts';

/** One saved operation: what a console tab holds, under a name. */
export interface SavedOperation {
  id: string;
  name: string;
  query: string;
  variables: string;
  /** Headers JSON; values only if the user chose to save them (they may hold secrets). */
  headers: string;
  operationName?: string;
  /** Epoch ms of the last save. */
  savedAt: number;
}

export interface Collection {
  name: string;
  operations: SavedOperation[];
}

export interface SavedState {
  collections: Collection[];
}

export const DEFAULT_COLLECTION = 'My operations';
const SAVED_STATE_VERSION = 1;

export function emptySavedState(): SavedState {
  return { collections: [] };
}

export interface SaveInput {
  collection: string;
  name: string;
  query: string;
  variables: string;
  headers: string;
  operationName?: string;
  now: number;
}

function newId(now: number): string {
  return `s${now.toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** True for the built-in collection's name, which no user collection may take. */
export function isBuiltInCollection(name: string): boolean {
  return name.trim().toLowerCase() === DIAGNOSTICS_COLLECTION.toLowerCase();
}

/**
 * Saves into `collection` (created when missing). A same-named operation in that collection is
 * replaced (its id kept): saving again updates it, as an editor's Save does.
 */
export function saveOperation(state: SavedState, input: SaveInput): SavedState {
  const collection = input.collection.trim() || DEFAULT_COLLECTION;
  const name = input.name.trim();
  if (!name) throw new Error('a saved operation needs a name');
  if (isBuiltInCollection(collection))
    throw new Error(`"${DIAGNOSTICS_COLLECTION}" is built in and read-only`);
  const existing = state.collections.find((c) => c.name === collection);
  const previous = existing?.operations.find((o) => o.name === name);
  const saved: SavedOperation = {
    id: previous?.id ?? newId(input.now),
    name,
    query: input.query,
    variables: input.variables,
    headers: input.headers,
    operationName: input.operationName || undefined,
    savedAt: input.now,
  };
  if (!existing)
    return { collections: [...state.collections, { name: collection, operations: [saved] }] };
  return {
    collections: state.collections.map((c) =>
      c !== existing
        ? c
        : {
            ...c,
            operations: previous
              ? c.operations.map((o) => (o === previous ? saved : o))
              : [...c.operations, saved],
          },
    ),
  };
}

function mapOperations(
  state: SavedState,
  fn: (ops: SavedOperation[]) => SavedOperation[],
): SavedState {
  return { collections: state.collections.map((c) => ({ ...c, operations: fn(c.operations) })) };
}

export function renameOperation(state: SavedState, id: string, name: string): SavedState {
  const trimmed = name.trim();
  if (!trimmed) return state;
  return mapOperations(state, (ops) => ops.map((o) => (o.id === id ? { ...o, name: trimmed } : o)));
}

export function deleteOperation(state: SavedState, id: string): SavedState {
  return mapOperations(state, (ops) => ops.filter((o) => o.id !== id));
}

export function deleteCollection(state: SavedState, name: string): SavedState {
  return { collections: state.collections.filter((c) => c.name !== name) };
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function sanitizeOperation(raw: unknown): SavedOperation | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const o = raw as Record<string, unknown>;
  const id = str(o.id);
  const name = str(o.name)?.trim();
  const query = str(o.query);
  if (!id || !name || query === undefined) return undefined;
  return {
    id,
    name,
    query,
    variables: str(o.variables) ?? '',
    headers: str(o.headers) ?? '',
    operationName: str(o.operationName) || undefined,
    savedAt: typeof o.savedAt === 'number' ? o.savedAt : 0,
  };
}

/**
 * Checks what storage held. Malformed collections and operations are dropped and counted, so
 * the panel can say so; an unreadable whole counts as one drop.
 */
export function sanitizeSavedState(raw: unknown): { state: SavedState; dropped: number } {
  if (raw === undefined || raw === null) return { state: emptySavedState(), dropped: 0 };
  const r = raw as Record<string, unknown>;
  if (typeof raw !== 'object' || r.version !== SAVED_STATE_VERSION || !Array.isArray(r.collections))
    return { state: emptySavedState(), dropped: 1 };
  let dropped = 0;
  const collections: Collection[] = [];
  for (const c of r.collections as unknown[]) {
    const cr = c as Record<string, unknown> | null;
    const name = typeof cr?.name === 'string' ? cr.name.trim() : '';
    if (!cr || !name || isBuiltInCollection(name) || !Array.isArray(cr.operations)) {
      dropped += 1;
      continue;
    }
    const operations: SavedOperation[] = [];
    for (const o of cr.operations as unknown[]) {
      const op = sanitizeOperation(o);
      if (op) operations.push(op);
      else dropped += 1;
    }
    collections.push({ name, operations });
  }
  return { state: { collections }, dropped };
}

/** What storage keeps: the state with a version, so a future format can migrate it. */
export function toStored(state: SavedState): unknown {
  return { version: SAVED_STATE_VERSION, collections: state.collections };
}

/** A searchable item: anything with a name and a query (saved operations, recipes, history). */
export interface Searchable {
  name: string;
  query: string;
  description?: string;
  operationName?: string;
}

/** Case-insensitive match of every word of `text` in name, description or query. */
export function matchesSearch(item: Searchable, text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay =
    `${item.name}\n${item.description ?? ''}\n${item.operationName ?? ''}\n${item.query}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

/** The saved operations of all collections that match `text`. */
export function searchOperations(
  collections: readonly Collection[],
  text: string,
): SavedOperation[] {
  return collections.flatMap((c) => c.operations.filter((o) => matchesSearch(o, text)));
}
