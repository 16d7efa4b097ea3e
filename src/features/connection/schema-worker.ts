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

let streamsMove: boolean | undefined;

/** Whether this browser can transfer a ReadableStream to a worker (Chromium and Firefox can). */
function canTransferStreams(): boolean {
  if (streamsMove === undefined) {
    try {
      const probe = new ReadableStream();
      const { port1, port2 } = new MessageChannel();
      port1.postMessage(probe, [probe]);
      port1.close();
      port2.close();
      streamsMove = true;
    } catch {
      streamsMove = false;
    }
  }
  return streamsMove;
}

/**
 * Reads an introspection answer in the schema worker: the body's stream is handed over as its
 * headers arrive (or, where streams cannot be transferred, its bytes once in), so the page never
 * reads, decodes or parses the 3 MB, and the worker decodes while the rest arrives. Throws
 * SchemaLoadError.
 */
export async function readAnswerOffThread(
  response: Response,
  signal?: AbortSignal,
): Promise<ParsedAnswer<SchemaPayload>> {
  const { status, contentType, relayError } = httpMeta(response);
  const stream = response.body;
  let body: ArrayBuffer | ReadableStream<Uint8Array>;
  if (stream && canTransferStreams()) body = stream;
  else {
    try {
      body = await response.arrayBuffer();
    } catch (err) {
      if (isAbort(err)) throw err;
      throw new SchemaLoadError(
        `The schema's answer broke off (${(err as Error).message}). Refetch the schema (Shift-Ctrl-R).`,
      );
    }
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
