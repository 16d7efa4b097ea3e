import http from 'node:http';
import type { AddressInfo, Server } from 'node:net';

/**
 * Test support for the server's tests (never imported by product code; eslint.config.js): a
 * port for a test server, and one request through the relay as the page sends it, on a
 * connection of its own.
 */

/** Listens on a free port of 127.0.0.1 and resolves with it. */
export function listenOn0(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

export interface RelayReply {
  /** 0 when no response came (the connection failed or broke before one). */
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** False when the response broke off (or never came). */
  complete: boolean;
}

export interface RelayCall {
  /** The port of the server the relay answers on. */
  appPort: number;
  /** `X-Relay-Target`: the upstream's base URL. */
  target: string;
  /** Default: `/relay/graphql`. */
  path?: string;
  /** Default: POST with `body` (a GraphQL query), GET without a body. */
  method?: 'GET' | 'POST';
  body?: string;
  /** Sends the body chunked, without Content-Length, in two writes. */
  streamed?: boolean;
}

const QUERY_BODY = '{"query":"{ currentUser { username } }"}';

/** One request through the relay on a connection of its own; never rejects (see `status`). */
export function relayCall(c: RelayCall): Promise<RelayReply> {
  const method = c.method ?? 'POST';
  const body = method === 'POST' ? (c.body ?? QUERY_BODY) : undefined;
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: c.appPort,
        path: c.path ?? '/relay/graphql',
        method,
        agent: false,
        headers: {
          host: `127.0.0.1:${c.appPort}`,
          'x-debug-console': '1',
          'x-relay-target': c.target,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(body === undefined || c.streamed
            ? {}
            : { 'content-length': String(Buffer.byteLength(body)) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let complete = false;
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => (complete = res.complete));
        res.on('error', () => {});
        res.on('close', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            complete,
          }),
        );
      },
    );
    req.on('error', () =>
      resolve({ status: 0, headers: {}, body: Buffer.alloc(0), complete: false }),
    );
    if (body !== undefined && c.streamed) {
      req.write(body.slice(0, 10));
      req.end(body.slice(10));
    } else req.end(body);
  });
}
