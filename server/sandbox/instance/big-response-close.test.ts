import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeServer, listen } from '../../http-util.ts';
import { createInstanceHandler, type SandboxInstance } from './index.ts';

/**
 * A client that goes away in the middle of a big (streamed) search response: the handler must
 * settle instead of waiting for a `drain` that never comes (and keeping the result alive).
 */

let inst: SandboxInstance;
let server: http.Server;
let port = 0;
const settled: string[] = [];

beforeAll(async () => {
  server = await listen(
    async (req, res) => {
      await inst.handler(req, res);
      settled.push(req.url ?? '');
    },
    '127.0.0.1',
    0,
  );
  port = (server.address() as AddressInfo).port;
  inst = await createInstanceHandler({
    host: '127.0.0.1',
    port,
    baseUrl: `http://127.0.0.1:${port}`,
  });
});

afterAll(() => closeServer(server));

describe('big search responses', () => {
  it('settle when the client disconnects mid-body', async () => {
    const query =
      '{ search(query: "count:60000 func") { results { results { ... on FileMatch { file { path content } lineMatches { preview lineNumber offsetAndLengths } } } } } }';
    const received = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/.api/graphql?Gone',
          headers: {
            'content-type': 'application/json',
            authorization: `token ${inst.tokens.user}`,
          },
        },
        (res) => {
          let bytes = 0;
          res.on('data', (c: Buffer) => {
            bytes += c.length;
            // Stop reading once the body is well under way, then go away.
            if (bytes > 256 * 1024) {
              res.pause();
              req.destroy();
              resolve(bytes);
            }
          });
          res.on('error', () => {});
        },
      );
      req.on('error', () => {});
      req.on('close', () => reject(new Error('closed before the body was under way')));
      req.end(JSON.stringify({ query }));
    });
    expect(received).toBeGreaterThan(256 * 1024);
    await vi.waitFor(() => expect(settled).toContain('/.api/graphql?Gone'), {
      timeout: 15_000,
      interval: 50,
    });
  });
});
