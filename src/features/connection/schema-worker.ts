import { httpMeta } from '../../shared/api/http.ts';
import { createRpcClient } from '../../shared/lib/worker-rpc.ts';
import type { SchemaPayload } from './schema-payload.ts';
import { SchemaLoadError, type ParsedAnswer } from './schema-load.ts';
import type { SchemaApi } from './workers/protocol.ts';

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
 * Reads an introspection answer in the schema worker: the body's bytes are handed over (not
 * copied, not decoded here), so the page never parses the 3 MB. Throws SchemaLoadError.
 */
export async function readAnswerOffThread(
  response: Response,
  signal?: AbortSignal,
): Promise<ParsedAnswer<SchemaPayload>> {
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
  return worker
    .call('readAnswer', { status, contentType, relayError, body }, { signal, transfer: [body] })
    .catch((err: unknown) => Promise.reject(asLoadError(err)));
}

/** Reads a schema file (SDL or introspection JSON) in the schema worker. Throws SchemaLoadError. */
export async function readFileOffThread(file: File): Promise<SchemaPayload> {
  const body = await file.arrayBuffer();
  return worker
    .call('readFile', { name: file.name, body }, { transfer: [body] })
    .catch((err: unknown) => Promise.reject(asLoadError(err)));
}
