import {
  buildSchema,
  graphqlSync,
  introspectionFromSchema,
  type IntrospectionQuery,
} from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createRpcClient,
  serveRpc,
  type RpcRequest,
  type RpcScope,
  type RpcTarget,
} from '../../../shared/lib/worker-rpc.ts';
import { MODERN_INTROSPECTION } from '../schema-load.ts';
import { definitionJson, toSchemaPayload, unknownTypeMessage } from '../schema-payload.ts';
import { schemaHandlers } from './schema-handlers.ts';
import type { SchemaApi, SentPayload } from './protocol.ts';

// The schema worker's protocol end to end: a page-side client and the worker's handlers joined
// by a real MessageChannel (as schema.worker.ts serves them), bodies transferred as bytes.

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

function schemaWorkerPair() {
  const ch = new MessageChannel();
  channels.push(ch);
  serveRpc<SchemaApi>(ch.port2 as unknown as RpcScope, schemaHandlers);
  ch.port2.start();
  return createRpcClient<SchemaApi>(() => {
    ch.port1.start();
    const t: RpcTarget = {
      postMessage(m: RpcRequest, transfer?: Transferable[]) {
        ch.port1.postMessage(m, transfer ?? []);
      },
      addEventListener(type: 'message' | 'error', l: (e: never) => void) {
        if (type === 'message')
          ch.port1.addEventListener('message', l as (e: MessageEvent) => void);
      },
    };
    return t;
  }, 'The schema worker');
}

const SDL = 'type Query { a(x: Int @deprecated(reason: "no")): String b: B } type B { c: Int }';
const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

describe('schema worker protocol', () => {
  it('reads an introspection answer into the text and one entry per type; the bytes move, not copy', async () => {
    const client = schemaWorkerPair();
    const data = introspectionFromSchema(buildSchema(SDL));
    const text = JSON.stringify({ data });
    const body = bytes(text);
    const r = await client.call(
      'readAnswer',
      { status: 200, contentType: 'application/json', relayError: false, body },
      { transfer: [body] },
    );
    expect(body.byteLength).toBe(0); // transferred to the worker
    if (r.kind !== 'ok') throw new Error('expected a schema');
    expect(r.data.text).toBe(text);
    // The same JSON as a Blob, for the Docs worker and "Download JSON" (the page lets go of the
    // text once the schema is built).
    expect(r.data.json.type).toBe('application/json');
    expect(await r.data.json.text()).toBe(text);
    expect(JSON.parse(r.data.head)).toMatchObject({ queryType: { name: 'Query' } });
    expect(r.data.types.map((t) => t.name)).toEqual(data.__schema.types.map((t) => t.name));
    // Each definition is a span of the text (one string crosses to the page, not one per type).
    expect(r.data.defs).toBeUndefined();
    expect(r.data.spans).toBeInstanceOf(Uint32Array);
    expect(r.data.types.map((_, i) => JSON.parse(definitionJson(r.data, i)) as unknown)).toEqual(
      data.__schema.types,
    );
    expect(r.data.types.every((t) => Object.values(t).every((v) => v !== JSON.stringify(t)))).toBe(
      true,
    );
  });

  it('sends the definitions as one text of their own when the answer cannot be read for them', () => {
    const data = introspectionFromSchema(buildSchema(SDL));
    // A text that does not hold the types (e.g. one the worker rewrote): spans into `defs`.
    const p = toSchemaPayload('{"data":{}}', data);
    expect(p.defs).toBeDefined();
    expect(p.types.map((_, i) => JSON.parse(definitionJson(p, i)) as unknown)).toEqual(
      data.__schema.types,
    );
  });

  describe("an answer to this console's query: the types go ahead of the whole check", () => {
    /** The answer a server gives to the query the console sends on connect. */
    const standard = (sdl: string) =>
      graphqlSync({ schema: buildSchema(sdl), source: MODERN_INTROSPECTION }) as unknown as {
        data: IntrospectionQuery;
      };

    /** One readAnswer call: what came as progress, then as result, in the order it came. */
    async function read(text: string) {
      const client = schemaWorkerPair();
      const heard: string[] = [];
      let ahead: SentPayload | undefined;
      const result = client
        .call(
          'readAnswer',
          { status: 200, contentType: 'application/json', relayError: false, body: bytes(text) },
          {
            onProgress(p) {
              heard.push('types');
              ahead = p;
            },
          },
        )
        .then(
          (r) => {
            heard.push('result');
            return r;
          },
          (err: Error) => {
            heard.push('error');
            throw err;
          },
        );
      return { heard, result, ahead: () => ahead };
    }

    it('sends the types first, then the check of the whole answer', async () => {
      const body = standard(SDL);
      const text = JSON.stringify(body);
      const call = await read(text);
      await expect(call.result).resolves.toEqual({ kind: 'checked' });
      expect(call.heard).toEqual(['types', 'result']);
      const p = call.ahead()!;
      expect(p.text).toBe(text);
      expect(await p.json.text()).toBe(text);
      expect(p.problem).toBeUndefined();
      expect(p.types.map((t) => t.name)).toEqual(body.data.__schema.types.map((t) => t.name));
      expect(p.types.map((_, i) => JSON.parse(definitionJson(p, i)) as unknown)).toEqual(
        body.data.__schema.types,
      );
    });

    it('says why no schema can be built once it has read the whole answer', async () => {
      const { __schema } = standard(SDL).data;
      const types = __schema.types.filter((t) => t.name !== 'B');
      const call = await read(JSON.stringify({ data: { __schema: { ...__schema, types } } }));
      await expect(call.result).resolves.toEqual({
        kind: 'checked',
        problem: unknownTypeMessage('B'),
      });
      expect(call.heard).toEqual(['types', 'result']);
    });

    it('says what to do when the rest of the answer is not JSON', async () => {
      const call = await read(`${JSON.stringify(standard(SDL)).slice(0, -1)} trailing`);
      await expect(call.result).rejects.toThrow(/not a GraphQL response/);
      expect(call.heard).toEqual(['types', 'error']);
    });
  });

  it('hands back GraphQL errors (for the older query) and refusals as messages', async () => {
    const client = schemaWorkerPair();
    const errors = { errors: [{ message: 'Unknown argument "includeDeprecated"' }] };
    await expect(
      client.call('readAnswer', {
        status: 200,
        contentType: 'application/json',
        relayError: false,
        body: bytes(JSON.stringify(errors)),
      }),
    ).resolves.toEqual({ kind: 'errors', messages: ['Unknown argument "includeDeprecated"'] });
    await expect(
      client.call('readAnswer', {
        status: 401,
        contentType: 'text/plain',
        relayError: false,
        body: bytes('Invalid access token.\n'),
      }),
    ).rejects.toThrow(/refused the request \(HTTP 401: Invalid access token\.\)/);
  });

  it('reads a schema file, or says what to do with a bad one', async () => {
    const client = schemaWorkerPair();
    const r = await client.call('readFile', { name: 's.graphql', body: bytes(SDL) });
    expect(JSON.parse(r.text).data.__schema.queryType.name).toBe('Query');
    expect(await r.json.text()).toBe(r.text);
    expect(r.types.length).toBeGreaterThan(0);
    await expect(
      client.call('readFile', { name: 'd.graphql', body: bytes('type Query {') }),
    ).rejects.toThrow(/^Could not read d.graphql as a schema: Syntax Error/);
  });
});
