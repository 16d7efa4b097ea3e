import type { GraphQLSchema } from 'graphql';
import { createStore, type ReadableStore } from '../../shared/lib/store.ts';
import type { SchemaUnderConstruction } from './schema-build.ts';

/** The second stage of a schema's build: the whole `GraphQLSchema`, or why it failed. */
export interface Completion {
  schema?: GraphQLSchema;
  error?: string;
}

/** The whole schema of a loaded one, built when asked: `start` begins it (once). */
export interface PendingCompletion {
  completion: ReadableStore<Completion>;
  /** Builds the whole schema in the background (schema-build.ts `complete`); later calls do nothing. */
  start(): void;
}

/**
 * The editor's schema for types Docs can already browse. Nothing is built until `start`: the
 * page starts it once the types are on screen (`useSchema`), so its slices never take the turns
 * of the render that shows them. `failed` words a build error for the user. `checked` (the
 * schema worker's check of the whole answer, when the types came before it: `ReadPayload` in
 * schema-worker.ts) comes first: its failure is the completion's error as soon as it is known.
 */
export function pendingCompletion(
  types: SchemaUnderConstruction,
  failed: (err: Error) => string,
  checked: Promise<void> = Promise.resolve(),
): PendingCompletion {
  const completion = createStore<Completion>({});
  let started = false;
  const fail = (err: Error) => {
    if (!completion.get().error) completion.set({ error: failed(err) });
  };
  checked.catch(fail);
  return {
    completion,
    start() {
      if (started) return;
      started = true;
      checked
        .then(() => {
          performance.mark('schema:whole-start');
          return types.complete().then((schema) => {
            performance.mark('schema:build');
            completion.set({ schema });
          }, fail);
        })
        .catch(() => {}); // `fail` has it
    },
  };
}
