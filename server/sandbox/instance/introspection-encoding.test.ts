import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIntrospectionQuery } from 'graphql';
import { closeServer } from '../../http-util.ts';
import { createRelay } from '../../relay.ts';
import { listenOn0 } from '../../relay.test-helpers.ts';
import { startTestInstance, type TestInstance } from './instance.test-helpers.ts';

/** The introspection query this console and GraphiQL send on connect. */
const STANDARD = JSON.stringify({
  query: getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }),
  operationName: 'IntrospectionQuery',
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body's bytes as they came (not decompressed). */
  body: Buffer;
}

/** A POST whose answer is read as raw bytes (Node's `fetch` would decompress it). */
function post(url: string, headers: Record<string, string>, body = STANDARD): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decoded(r: Raw): string {
  const coding = r.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(r.body).toString('utf8');
  if (coding === 'gzip') return gunzipSync(r.body).toString('utf8');
  return r.body.toString('utf8');
}

describe('introspection answers go out compressed when the client takes it', () => {
  let inst: TestInstance;
  let asked: (acceptEncoding?: string, body?: string) => Promise<Raw>;
  beforeAll(async () => {
    inst = await startTestInstance();
    asked = (acceptEncoding, body) =>
      post(
        `${inst.base}/.api/graphql`,
        {
          'content-type': 'application/json',
          authorization: `token ${inst.tokens.user ?? ''}`,
          ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        },
        body,
      );
  });
  afterAll(() => inst.close());

  it('sends brotli to a browser, gzip to a client that takes only gzip, JSON otherwise', async () => {
    const plain = await asked();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const text = plain.body.toString('utf8');
    expect(JSON.parse(text)).toHaveProperty('data.__schema.queryType.name', 'Query');

    const browser = await asked('gzip, deflate, br, zstd');
    expect(browser.headers['content-encoding']).toBe('br');
    expect(Number(browser.headers['content-length'])).toBe(browser.body.length);
    expect(browser.body.length).toBeLessThan(text.length / 4);
    expect(decoded(browser)).toBe(text);

    const gzipOnly = await asked('gzip');
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzipOnly)).toBe(text);

    for (const refused of ['br;q=0, gzip;q=0', 'identity', 'compress']) {
      const r = await asked(refused);
      expect(r.headers['content-encoding'], refused).toBeUndefined();
      expect(r.body.toString('utf8')).toBe(text);
    }
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('compresses an introspection cached on its first request, once its forms are made', async () => {
    const body = JSON.stringify({ query: '{ __schema { types { name kind description } } }' });
    const first = await asked('br', body);
    expect(first.headers['content-encoding']).toBeUndefined();
    const text = first.body.toString('utf8');
    expect(text.length).toBeGreaterThan(1024);
    // The compressed forms are made in the background: asked again until they are there.
    let again = await asked('br', body);
    for (let i = 0; i < 100 && again.headers['content-encoding'] !== 'br'; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      again = await asked('br', body);
    }
    expect(again.headers['content-encoding']).toBe('br');
    expect(decoded(again)).toBe(text);
  });

  it('leaves small answers and answers with data alone', async () => {
    const small = JSON.stringify({ query: '{ __schema { queryType { name } } }' });
    await asked('br', small);
    const cached = await asked('br', small);
    expect(cached.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(cached.body.toString('utf8'))).toEqual({
      data: { __schema: { queryType: { name: 'Query' } } },
    });
    const withData = JSON.stringify({ query: '{ currentUser { username } }' });
    const r = await asked('br', withData);
    expect(r.headers['content-encoding']).toBeUndefined();
  });

  it('reaches the page through the relay compressed, as the instance sent it', async () => {
    const relay = createRelay({ allowedHosts: null });
    const app = http.createServer((req, res) => void relay(req, res));
    const port = await listenOn0(app);
    try {
      const r = await post(`http://127.0.0.1:${port}/relay/graphql`, {
        'content-type': 'application/json',
        'x-debug-console': '1',
        'x-relay-target': inst.base,
        authorization: `token ${inst.tokens.user ?? ''}`,
        'accept-encoding': 'gzip, deflate, br, zstd',
      });
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBe('br');
      expect(JSON.parse(decoded(r))).toHaveProperty('data.__schema.queryType.name', 'Query');
    } finally {
      await closeServer(app);
    }
  });
});
