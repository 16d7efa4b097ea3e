import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeServer } from './http-util.ts';
import { createRelay } from './relay.ts';
import { listenOn0, relayCall, type RelayCall } from './relay.test-helpers.ts';

/**
 * Upstream keep-alive: the relay keeps idle upstream connections open for a few seconds and
 * reuses them, and when a reused connection turns out to be closed by the upstream (its idle
 * timeout fired just as the relay wrote the next request) it sends the request again once, on
 * a fresh connection, if it still holds the whole body.
 */

/** What the raw upstream does with a request that arrives on a connection that served one. */
type OnReuse = 'answer' | 'close' | 'reset';

interface Conn {
  socket: net.Socket;
  /** Request heads received on this connection. */
  requests: number;
  closed: Promise<void>;
}

const OK = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';

let onReuse: OnReuse = 'answer';
/** When set, every request (fresh connection or not) is answered this way instead. */
let always: ((socket: net.Socket) => void) | undefined;
const conns: Conn[] = [];

/**
 * A raw HTTP/1.1 upstream that keeps connections open (HTTP/1.1's default) and counts them and
 * the requests on each. It reads each request's head and, where there is one, its
 * Content-Length body, then answers per {@link onReuse} / {@link always}.
 */
const upstream = net.createServer((socket) => {
  let closedResolve = () => {};
  const conn: Conn = {
    socket,
    requests: 0,
    closed: new Promise<void>((r) => (closedResolve = r)),
  };
  conns.push(conn);
  socket.on('error', () => {});
  socket.on('close', () => closedResolve());
  let buffered = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = buffered.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      conn.requests++;
      if (always) return always(socket);
      if (conn.requests > 1 && onReuse !== 'answer') {
        // Closed "idle" exactly when the relay reuses it: nothing of the request is read.
        if (onReuse === 'close') socket.destroy();
        else socket.resetAndDestroy();
        return;
      }
      if (buffered.length < end + 4 + length) return;
      buffered = buffered.subarray(end + 4 + length);
      socket.write(OK);
    }
  });
});

let relay: ReturnType<typeof createRelay>;
const app = http.createServer((req, res) => void relay(req, res));
let upstreamUrl = '';
let appPort = 0;

/** One request through the relay, its body as text. */
async function call(c: Omit<RelayCall, 'appPort' | 'target'>) {
  const r = await relayCall({ ...c, appPort, target: upstreamUrl });
  return { ...r, body: r.body.toString() };
}

/** POSTs `body`; `streamed` sends it chunked (the relay cannot hold it whole before sending). */
const post = (body?: string, streamed = false) => call({ body, streamed });
const get = () => call({ method: 'GET', path: '/relay/analytics/api/credits?instance=x' });

beforeAll(async () => {
  upstreamUrl = `http://127.0.0.1:${await listenOn0(upstream)}`;
  appPort = await listenOn0(app);
});

function freshRelay(keepAliveMs?: number): void {
  relay = createRelay({ allowedHosts: [`127.0.0.1:${appPort}`], keepAliveMs });
}

afterEach(() => {
  onReuse = 'answer';
  always = undefined;
  for (const c of conns) c.socket.destroy();
  conns.length = 0;
});

afterAll(async () => {
  await new Promise<void>((r) => upstream.close(() => r()));
  await closeServer(app);
});

const requests = () => conns.reduce((n, c) => n + c.requests, 0);

describe('relay keep-alive', () => {
  it('reuses one upstream connection for consecutive requests', async () => {
    freshRelay();
    for (let i = 0; i < 5; i++) {
      const r = await post();
      expect([r.status, r.body]).toEqual([200, '{}']);
    }
    const r = await get();
    expect([r.status, r.body]).toEqual([200, '{}']);
    expect(conns).toHaveLength(1);
    expect(conns[0]?.requests).toBe(6);
  });

  it('closes an idle upstream connection itself after keepAliveMs', async () => {
    freshRelay(1000);
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    expect(conns).toHaveLength(1);
    // The upstream never closes it: the relay does, once it has been idle for a second.
    await conns[0]?.closed;
    expect(conns[0]?.socket.destroyed).toBe(true);
  });

  it.each(['close', 'reset'] as const)(
    'sends the request again on a fresh connection when the upstream drops a reused one (%s)',
    async (how) => {
      freshRelay();
      expect((await post()).status).toBe(200);
      onReuse = how;
      const r = await post();
      expect([r.status, r.body]).toEqual([200, '{}']);
      // The reused connection saw the request and died; a second connection answered it.
      expect(conns.map((c) => c.requests)).toEqual([2, 1]);
      const g = await get();
      expect([g.status, g.body]).toEqual([200, '{}']);
    },
  );

  it('never sends again a request whose first connection the upstream drops', async () => {
    freshRelay();
    always = (socket) => socket.destroy();
    const r = await post();
    expect(r.status).toBe(502);
    expect(r.body).toMatch(/closed the connection without answering/);
    // A new connection carried nothing before: no race with an idle timeout, so no retry.
    expect(requests()).toBe(1);
  });

  it("closes an idle connection sooner when the upstream's Keep-Alive says so", async () => {
    freshRelay(60_000);
    always = (socket) =>
      socket.write(
        'HTTP/1.1 200 OK\r\nKeep-Alive: timeout=2\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      );
    expect((await post()).status).toBe(200);
    // Kept for 60 s by the relay's own setting, it is closed a second before the upstream's
    // 2 s: within this test's time.
    await conns[0]?.closed;
    expect(conns[0]?.socket.destroyed).toBe(true);
  });

  it('retries only once: a fresh connection that fails too gets a clear 502', async () => {
    freshRelay();
    expect((await post()).status).toBe(200);
    always = (socket) => socket.destroy();
    const r = await post();
    expect(r.status).toBe(502);
    expect(r.headers['x-relay-error']).toBe('1');
    expect(r.body).toMatch(/closed the connection without answering/);
    expect(requests()).toBe(3);
  });

  it('never sends a streamed request body twice: a dropped connection gets a clear 502', async () => {
    freshRelay();
    expect((await post()).status).toBe(200);
    // The streamed body goes on a connection of its own, which the upstream drops too.
    always = (socket) => socket.destroy();
    const r = await post('{"query":"mutation { createSavedSearch }"}', true);
    expect(r.status).toBe(502);
    expect(r.headers['x-relay-error']).toBe('1');
    expect(r.body).toMatch(/closed the connection without answering/);
    expect(r.body).toMatch(/did not send it again/);
    // The first request, then the streamed one exactly once.
    expect(requests()).toBe(2);
  });
});
