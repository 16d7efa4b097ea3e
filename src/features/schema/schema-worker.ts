import { httpMeta } from '../../shared/api/http.ts';
import { createRpcClient } from '../../shared/lib/worker-rpc.ts';
import { SchemaLoadError, type ParsedAnswer } from './schema-load.ts';
import type { SchemaApi, SentPayload } from './workers/protocol.ts';

/**
 * Ended after each read (`close`): it reads a schema once per load, and its thread and heap
 * would otherwise stay for the life of the page.
 */
const worker = createRpcClient<SchemaApi>(
  () => new Worker(new URL('./workers/schema.worker.ts', import.meta.url), { type: 'module' }),
  'The schema worker',
);

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** The worker's message, as a SchemaLoadError (a cancelled call stays an AbortError). */
function asLoadError(err: unknown): unknown {
  if (isAbort(err)) return err;
  return new SchemaLoadError(err instanceof Error ? err.message : String(err));
}

/** Starts the schema worker ahead of a load, so its start-up overlaps the request. */
export function warmSchemaWorker(): void {
  worker.call('warm', null).catch(() => {});
}

/**
 * A payload as the page gets it. `checked` is there when it came before the worker had parsed
 * the whole answer: it resolves once the worker has, or rejects with why no schema can be built
 * from it (an `Error` with `buildClientSchema`'s message, or a SchemaLoadError to show as is).
 */
export interface ReadPayload extends SentPayload {
  checked?: Promise<void>;
}

/**
 * Reads an introspection answer in the schema worker: the body's bytes are handed over (not
 * copied, not decoded here), so the page never parses the 3 MB. Resolves as soon as the worker
 * sends the types (see `ReadPayload`). Throws SchemaLoadError.
 */
export async function readAnswerOffThread(
  response: Response,
  signal?: AbortSignal,
): Promise<ParsedAnswer<ReadPayload>> {
  const { status, contentType, relayError } = httpMeta(response);
  let body: ArrayBuffer;
  try {
    body = await response.arrayBuffer();
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new SchemaLoadError(
      `The schema's answer broke off (${(err as Error).message}). Refetch the schema (Shift-Ctrl-R).`,
    );
  }
  performance.mark('schema:response');
  // Cancelled only until the payload is in: its check then belongs to the schema shown.
  const call = new AbortController();
  const cancel = () => call.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  if (signal?.aborted) cancel();
  return new Promise((resolve, reject) => {
    let settle: { resolve(): void; reject(err: unknown): void } | undefined;
    worker
      .call(
        'readAnswer',
        { status, contentType, relayError, body },
        {
          signal: call.signal,
          transfer: [body],
          onProgress(payload) {
            signal?.removeEventListener('abort', cancel);
            const checked = new Promise<void>(
              (ok, fail) => (settle = { resolve: ok, reject: fail }),
            );
            checked.catch(() => {}); // read by the whole schema's build
            resolve({ kind: 'ok', data: { ...payload, checked } });
          },
        },
      )
      .finally(() => worker.close())
      .then(
        (r) => {
          signal?.removeEventListener('abort', cancel);
          if (r.kind !== 'checked') return resolve(r);
          if (!settle)
            return reject(
              new SchemaLoadError(
                'The schema worker answered without the schema. Refetch the schema (Shift-Ctrl-R).',
              ),
            );
          if (r.problem) settle.reject(new Error(r.problem));
          else settle.resolve();
        },
        (err: unknown) => {
          signal?.removeEventListener('abort', cancel);
          if (settle) settle.reject(asLoadError(err));
          else reject(asLoadError(err));
        },
      );
  });
}

/** Reads a schema file (SDL or introspection JSON) in the schema worker. Throws SchemaLoadError. */
export async function readFileOffThread(file: File): Promise<SentPayload> {
  const body = await file.arrayBuffer();
  return worker
    .call('readFile', { name: file.name, body }, { transfer: [body] })
    .finally(() => worker.close())
    .catch((err: unknown) => Promise.reject(asLoadError(err)));
}
