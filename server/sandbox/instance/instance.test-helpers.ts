import type { AddressInfo } from 'node:net';
import { closeServer, listen, type Handler } from '../../http-util.ts';
import { createInstanceHandler, type SandboxInstance } from './index.ts';

export interface TestInstance extends SandboxInstance {
  base: string;
  close(): Promise<void>;
  /** POST /.api/graphql with a JSON body; returns status, headers and text. */
  gql(
    query: string,
    opts?: { headers?: Record<string, string>; variables?: unknown; path?: string },
  ): Promise<{ status: number; headers: Headers; text: string }>;
}

/**
 * Starts the real instance handler on an ephemeral port. Test support (never imported by
 * product code; eslint.config.js).
 */
export async function startTestInstance(
  opts: {
    schemaPath?: string;
    siteConfigPath?: string;
    publicMode?: boolean;
    userCount?: number;
  } = {},
): Promise<TestInstance> {
  let handler: Handler = () => undefined;
  const server = await listen((req, res) => handler(req, res), '127.0.0.1', 0);
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const inst = await createInstanceHandler({ host: '127.0.0.1', port, baseUrl: base, ...opts });
  handler = inst.handler;
  return {
    ...inst,
    base,
    close: () => closeServer(server),
    async gql(query, o = {}) {
      const res = await fetch(base + (o.path ?? '/.api/graphql'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...o.headers },
        body: JSON.stringify({ query, variables: o.variables }),
      });
      return { status: res.status, headers: res.headers, text: await res.text() };
    },
  };
}
