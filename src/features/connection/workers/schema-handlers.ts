import type { RpcHandlers } from '../../../shared/lib/worker-rpc.ts';
import { schemaFileToIntrospection } from '../schema-file.ts';
import { readIntrospectionAnswer } from '../schema-load.ts';
import { toSchemaPayload } from '../schema-payload.ts';
import type { SchemaApi } from './protocol.ts';

const decoder = new TextDecoder();

/**
 * What the schema worker does (served by schema.worker.ts): decode and parse a 3 MB
 * introspection answer, or a big SDL file, and cut it into pieces the page builds a slice at a
 * time (`schema-build.ts`). A failure throws the message the user reads.
 */
export const schemaHandlers: RpcHandlers<SchemaApi> = {
  warm: () => true,
  readAnswer({ body, ...meta }) {
    const text = decoder.decode(body);
    const parsed = readIntrospectionAnswer({ ...meta, text });
    return parsed.kind === 'ok' ? { kind: 'ok', data: toSchemaPayload(text, parsed.data) } : parsed;
  },
  readFile({ name, body }) {
    const r = schemaFileToIntrospection(name, decoder.decode(body));
    if (!r.ok) throw new Error(r.message);
    return toSchemaPayload(r.text, r.data);
  },
};
