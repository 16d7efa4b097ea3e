import type { RpcHandlers } from '../../../shared/lib/worker-rpc.ts';
import { schemaFileToIntrospection } from '../schema-file.ts';
import { readIntrospectionAnswer } from '../schema-load.ts';
import {
  INCOMPLETE,
  quickSchemaPayload,
  schemaProblem,
  toSchemaPayload,
} from '../schema-payload.ts';
import type { SchemaApi } from './protocol.ts';

const decoder = new TextDecoder();

/** The answer's JSON as a Blob (its bytes leave the page's heap: `SentPayload`). */
const jsonBlob = (json: BlobPart) => new Blob([json], { type: 'application/json' });

/**
 * What the schema worker does (served by schema.worker.ts): decode and parse a 3 MB
 * introspection answer, or a big SDL file, and cut it into pieces the page builds a slice at a
 * time (`schema-build.ts`). A failure throws the message the user reads.
 *
 * An answer to the standard introspection query goes to the page before it is parsed whole:
 * Docs need its types' heads and spans (`quickSchemaPayload`, half the work), not the check for
 * types named but not defined, which follows as the call's result.
 */
export const schemaHandlers: RpcHandlers<SchemaApi> = {
  warm: () => true,
  readAnswer({ body, ...meta }, { progress }) {
    const text = decoder.decode(body);
    const quick = meta.status === 200 && !meta.relayError ? quickSchemaPayload(text) : undefined;
    if (quick) progress({ ...quick, json: jsonBlob(body) });
    const parsed = readIntrospectionAnswer({ ...meta, text });
    if (!quick)
      return parsed.kind === 'ok'
        ? { kind: 'ok', data: { ...toSchemaPayload(text, parsed.data), json: jsonBlob(body) } }
        : parsed;
    if (parsed.kind !== 'ok') return { kind: 'checked', problem: parsed.messages.join(' / ') };
    const { types } = parsed.data.__schema;
    return {
      kind: 'checked',
      problem:
        schemaProblem(types) ??
        (types.length === quick.types.length ? undefined : `${INCOMPLETE}.`),
    };
  },
  readFile({ name, body }) {
    const r = schemaFileToIntrospection(name, decoder.decode(body));
    if (!r.ok) throw new Error(r.message);
    return { ...toSchemaPayload(r.text, r.data), json: jsonBlob(r.text) };
  },
};
