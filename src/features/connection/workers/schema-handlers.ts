import type { RpcHandlers } from '../../../shared/lib/worker-rpc.ts';
import { schemaFileToIntrospection } from '../schema-file.ts';
import { readIntrospectionAnswer } from '../schema-load.ts';
import { toSchemaPayload } from '../schema-payload.ts';
import type { SchemaApi } from './protocol.ts';

const decoder = new TextDecoder();

/** A body streamed to the worker, decoded piece by piece while the rest arrives. */
async function readText(body: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<string> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  signal.addEventListener('abort', cancel);
  try {
    const stream = new TextDecoder();
    const parts: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(stream.decode(value, { stream: true }));
    }
    parts.push(stream.decode());
    return parts.join('');
  } catch (err) {
    if (signal.aborted) throw err;
    throw new Error(
      `The schema's answer broke off (${(err as Error).message}). Refetch the schema (Shift-Ctrl-R).`,
    );
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/**
 * What the schema worker does (served by schema.worker.ts): decode and parse a 3 MB
 * introspection answer, or a big SDL file, and cut it into pieces the page builds a slice at a
 * time (`schema-build.ts`). A failure throws the message the user reads.
 */
export const schemaHandlers: RpcHandlers<SchemaApi> = {
  warm: () => true,
  async readAnswer({ body, ...meta }, { signal }) {
    const text = body instanceof ArrayBuffer ? decoder.decode(body) : await readText(body, signal);
    const parsed = readIntrospectionAnswer({ ...meta, text });
    return parsed.kind === 'ok' ? { kind: 'ok', data: toSchemaPayload(text, parsed.data) } : parsed;
  },
  readFile({ name, body }) {
    const r = schemaFileToIntrospection(name, decoder.decode(body));
    if (!r.ok) throw new Error(r.message);
    return toSchemaPayload(r.text, r.data);
  },
};
