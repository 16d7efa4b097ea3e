import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, GZIP_MIN_BYTES } from './gzip-answer.ts';
import { startTestInstance, type TestInstance } from './test-helpers.ts';

/** One POST to the sandbox with raw bytes back (fetch would decompress on its own). */
function post(
  inst: TestInstance,
  query: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${inst.base}/.api/graphql`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `token ${inst.tokens.user ?? ''}`,
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ query }));
  });
}

describe('the sandbox gzips whole answers for clients that accept it, as an instance may', () => {
  let inst: TestInstance;
  beforeAll(async () => {
    inst = await startTestInstance();
  });
  afterAll(() => inst.close());
  const INTROSPECTION = getIntrospectionQuery({ descriptions: true });

  it('sends a big answer gzip’d, the same JSON as uncompressed, fresh and from the cache', async () => {
    const plain = await post(inst, INTROSPECTION, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(GZIP_MIN_BYTES);
    for (let i = 0; i < 2; i++) {
      const gz = await post(inst, INTROSPECTION, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
      expect(gz.body.length).toBeLessThan(plain.body.length / 3);
      expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
      // Caches keep the compressed and uncompressed forms apart.
      expect(String(gz.headers.vary)).toMatch(/Authorization.*Accept-Encoding/);
    }
  });

  it('sends small answers, and answers to clients that refuse gzip, uncompressed', async () => {
    const small = await post(inst, '{ currentUser { username } }', { 'Accept-Encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({
      data: { currentUser: { username: 'alice' } },
    });
    const refused = await post(inst, INTROSPECTION, { 'Accept-Encoding': 'gzip;q=0, br' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });
});

describe('acceptsGzip', () => {
  const with_ = (v?: string) =>
    acceptsGzip({ headers: v === undefined ? {} : { 'accept-encoding': v } } as never);
  it('reads Accept-Encoding with its q-values', () => {
    expect(with_('gzip, deflate, br, zstd')).toBe(true);
    expect(with_('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(with_('*')).toBe(true);
    expect(with_(undefined)).toBe(false);
    expect(with_('br, identity')).toBe(false);
    expect(with_('gzip;q=0, *')).toBe(false);
    expect(with_('*;q=0')).toBe(false);
  });
});
