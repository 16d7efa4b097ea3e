import { afterEach, describe, expect, it } from 'vitest';
import {
  createRpcClient,
  serveRpc,
  type RpcRequest,
  type RpcScope,
  type RpcTarget,
} from './worker-rpc.ts';

type Api = {
  double: { params: number; result: number };
  count: { params: number; result: string; progress: number };
  fail: { params: string; result: never };
  wait: { params: null; result: string };
};

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

/** A page and a worker joined by a real MessageChannel. */
function pair(handlers: Parameters<typeof serveRpc<Api>>[1]) {
  const ch = new MessageChannel();
  channels.push(ch);
  const workerSide = ch.port2 as unknown as RpcScope;
  serveRpc<Api>(workerSide, handlers);
  ch.port2.start();
  const cancels: number[] = [];
  const client = createRpcClient<Api>(() => {
    ch.port1.start();
    const t: RpcTarget = {
      postMessage(m: RpcRequest) {
        if (m.rpc === 'cancel') cancels.push(m.id);
        ch.port1.postMessage(m);
      },
      addEventListener(type: 'message' | 'error', l: (e: never) => void) {
        if (type === 'message')
          ch.port1.addEventListener('message', l as (e: MessageEvent) => void);
      },
    };
    return t;
  });
  return { client, cancels };
}

const gate: { release?: () => void } = {};
const handlers: Parameters<typeof serveRpc<Api>>[1] = {
  double: (n) => n * 2,
  count: (n, { progress }) => {
    for (let i = 1; i <= n; i++) progress(i);
    return 'done';
  },
  fail: (why) => {
    throw new Error(why);
  },
  wait: (_p, { signal }) =>
    new Promise<string>((resolve, reject) => {
      gate.release = () => resolve('released');
      signal.addEventListener('abort', () => reject(new Error('stopped')));
    }),
};

describe('worker RPC', () => {
  it('matches replies to their calls', async () => {
    const { client } = pair(handlers);
    const [a, b] = await Promise.all([client.call('double', 2), client.call('double', 21)]);
    expect([a, b]).toEqual([4, 42]);
  });

  it('delivers progress before the result', async () => {
    const { client } = pair(handlers);
    const seen: number[] = [];
    const r = await client.call('count', 3, { onProgress: (p) => seen.push(p) });
    expect(seen).toEqual([1, 2, 3]);
    expect(r).toBe('done');
  });

  it('propagates a handler error with its message', async () => {
    const { client } = pair(handlers);
    await expect(client.call('fail', 'no schema')).rejects.toThrow('no schema');
  });

  it('cancels: the call rejects with AbortError and the worker is told', async () => {
    const { client, cancels } = pair(handlers);
    const ac = new AbortController();
    const p = client.call('wait', null, { signal: ac.signal });
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(cancels).toEqual([1]);
    // The client still works after a cancel.
    expect(await client.call('double', 5)).toBe(10);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const { client } = pair(handlers);
    const ac = new AbortController();
    ac.abort();
    await expect(client.call('double', 1, { signal: ac.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('a worker that cannot start rejects the call with the reason', async () => {
    const client = createRpcClient<Api>(() => {
      throw new Error('blocked by policy');
    });
    await expect(client.call('double', 1)).rejects.toThrow('blocked by policy');
  });

  it('a waiting call resolves when its handler does', async () => {
    gate.release = undefined;
    const { client } = pair(handlers);
    const p = client.call('wait', null);
    await expect.poll(() => gate.release).toBeDefined();
    (gate.release as (() => void) | undefined)?.();
    expect(await p).toBe('released');
  });

  it('close ends an idle worker, never one with a call pending; the next call starts a new one', async () => {
    gate.release = undefined;
    const started: string[] = [];
    let ended = 0;
    const client = createRpcClient<Api>(() => {
      const ch = new MessageChannel();
      channels.push(ch);
      serveRpc<Api>(ch.port2 as unknown as RpcScope, handlers);
      ch.port2.start();
      ch.port1.start();
      started.push('worker');
      return {
        postMessage: (m: RpcRequest) => ch.port1.postMessage(m),
        addEventListener(type: 'message' | 'error', l: (e: never) => void) {
          if (type === 'message')
            ch.port1.addEventListener('message', l as (e: MessageEvent) => void);
        },
        terminate: () => ended++,
      };
    });
    client.close(); // nothing started yet
    const waiting = client.call('wait', null);
    await expect.poll(() => gate.release).toBeDefined();
    client.close();
    expect(ended).toBe(0); // a call is pending
    (gate.release as (() => void) | undefined)?.();
    expect(await waiting).toBe('released');
    client.close();
    expect(ended).toBe(1);
    client.close();
    expect(ended).toBe(1); // already ended
    expect(await client.call('double', 4)).toBe(8);
    expect(started).toEqual(['worker', 'worker']);
  });
});
