import http from 'node:http';
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer } from './http-util.ts';
import { createRelay } from './relay.ts';
import { listenOn0, relayCall } from './relay.test-helpers.ts';

/**
 * A table of hostile upstreams (raw TCP servers writing whatever bytes they like): none of them
 * may end the process; each gets a clear answer from the relay (a 502/504 with X-Relay-Error
 * naming the problem) or, once the response has started, a cut connection.
 */

type Answer = (socket: net.Socket) => void;

interface HostileCase {
  name: string;
  answer: Answer;
  /**
   * The relay's own answer (status and text), the upstream's answer passed on (status, the
   * exact bytes and headers), or `cut`: the upstream's response had started, so the relay's
   * breaks off too (a truncated body never looks complete).
   */
  expected:
    | { status: number; text: RegExp }
    | { status: number; bytes: Buffer; headers: Record<string, string> }
    | 'cut';
}

/** Writes `raw` (latin1, so any byte can be written) and closes the connection. */
const send =
  (raw: string): Answer =>
  (socket) =>
    socket.end(Buffer.from(raw, 'latin1'));

/** Writes `raw` and then resets the connection (RST) instead of closing it cleanly. */
const sendThenReset =
  (raw: string): Answer =>
  (socket) =>
    socket.write(Buffer.from(raw, 'latin1'), () => socket.resetAndDestroy());

const BOMB = gzipSync(Buffer.alloc(64 * 1024 * 1024));

const CASES: HostileCase[] = [
  {
    name: 'status 099',
    answer: send('HTTP/1.1 099 X\r\nContent-Length: 0\r\n\r\n'),
    expected: { status: 502, text: /invalid HTTP status 99\b/ },
  },
  {
    name: 'status 000',
    answer: send('HTTP/1.1 000 X\r\nContent-Length: 0\r\n\r\n'),
    expected: { status: 502, text: /invalid HTTP status 0\b/ },
  },
  {
    name: 'status 600',
    answer: send('HTTP/1.1 600 X\r\nContent-Length: 0\r\n\r\n'),
    expected: { status: 502, text: /invalid HTTP status 600\b/ },
  },
  {
    name: 'status 1000',
    answer: send('HTTP/1.1 1000 X\r\nContent-Length: 0\r\n\r\n'),
    expected: { status: 502, text: /malformed HTTP response/ },
  },
  {
    name: 'control character in the reason phrase',
    answer: send('HTTP/1.1 200 \x01bad\r\nContent-Length: 2\r\n\r\nok'),
    expected: { status: 200, text: /^ok$/ },
  },
  {
    name: '101 Switching Protocols to a plain request',
    answer: send('HTTP/1.1 101 Switching\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'),
    expected: { status: 502, text: /101.*switch protocols/ },
  },
  {
    name: '103 Early Hints, then a hang-up',
    answer: send('HTTP/1.1 103 Early Hints\r\nLink: </evil.js>; rel=preload\r\n\r\n'),
    expected: { status: 502, text: /closed the connection without answering/ },
  },
  {
    name: '100 Continue to a request that did not ask for it',
    answer: send('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'),
    expected: { status: 502, text: /answered 100 Continue to a request that did not ask for it/ },
  },
  {
    name: 'HTTP/1.0 answer whose body ends when the connection closes',
    answer: send('HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{"data":{}}'),
    expected: { status: 200, text: /^\{"data":\{\}\}$/ },
  },
  {
    name: 'not HTTP at all (SSH banner)',
    answer: send('SSH-2.0-OpenSSH_9.6\r\n'),
    expected: { status: 502, text: /did not answer with HTTP/ },
  },
  {
    name: 'HTTP/2 preface on an http:// target',
    answer: send('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'),
    expected: { status: 502, text: /did not answer with HTTP/ },
  },
  {
    name: 'HTTP/0.9 body without a status line',
    answer: send('{"data":{}}\r\n'),
    expected: { status: 502, text: /did not answer with HTTP/ },
  },
  {
    name: 'bare LF line endings',
    answer: send('HTTP/1.1 200 OK\nContent-Length: 0\n\n'),
    expected: { status: 502, text: /malformed HTTP response/ },
  },
  {
    name: 'duplicate, differing Content-Length',
    answer: send('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc'),
    expected: { status: 502, text: /conflicting Content-Length/ },
  },
  {
    name: 'repeated, equal Content-Length',
    answer: send('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nok'),
    expected: { status: 502, text: /conflicting Content-Length/ },
  },
  {
    name: 'Content-Length with Transfer-Encoding (request smuggling shape)',
    answer: send(
      'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ),
    expected: { status: 502, text: /conflicting Content-Length/ },
  },
  {
    name: 'NUL in a header value',
    answer: send('HTTP/1.1 200 OK\r\nX-Trace: a\x00b\r\nContent-Length: 0\r\n\r\n'),
    expected: { status: 502, text: /malformed HTTP response/ },
  },
  {
    name: 'space in a header name',
    answer: send('HTTP/1.1 200 OK\r\nX Trace: b\r\nContent-Length: 0\r\n\r\n'),
    expected: { status: 502, text: /malformed HTTP response/ },
  },
  {
    name: 'one header of 64 KB',
    answer: send(`HTTP/1.1 200 OK\r\nX-Trace: ${'a'.repeat(64 * 1024)}\r\n\r\n`),
    expected: { status: 502, text: /headers are too large/ },
  },
  {
    name: '5000 small headers',
    answer: send(
      `HTTP/1.1 200 OK\r\n${Array.from({ length: 5000 }, (_, i) => `X-H${i}: v\r\n`).join('')}\r\n`,
    ),
    expected: { status: 502, text: /headers are too large/ },
  },
  {
    name: 'empty reply',
    answer: (socket) => socket.end(),
    expected: { status: 502, text: /closed the connection without answering/ },
  },
  {
    name: 'reset before answering',
    answer: (socket) => socket.resetAndDestroy(),
    expected: { status: 502, text: /connection was reset|closed the connection/ },
  },
  {
    name: 'reset in the middle of the headers',
    answer: sendThenReset('HTTP/1.1 200 OK\r\nContent-Ty'),
    expected: { status: 502, text: /connection was reset|closed the connection/ },
  },
  {
    name: 'headers that never end',
    answer: (socket) => socket.write('HTTP/1.1 200 OK\r\nX-Trace: 1\r\n'),
    expected: { status: 504, text: /did not answer within|sent nothing for/ },
  },
  {
    name: 'silence after connecting',
    answer: () => {},
    expected: { status: 504, text: /did not answer within|sent nothing for/ },
  },
  {
    name: 'bad chunk size mid-body',
    answer: send('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\nZZZ\r\n'),
    expected: 'cut',
  },
  {
    name: 'reset mid-body',
    answer: sendThenReset('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789'),
    expected: 'cut',
  },
  {
    name: 'clean close before Content-Length is reached',
    answer: send('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789'),
    expected: 'cut',
  },
  {
    name: 'chunked body without its last chunk',
    answer: send('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n'),
    expected: 'cut',
  },
  {
    name: 'body stalls after the headers',
    answer: (socket) => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n01234'),
    expected: 'cut',
  },
  {
    name: 'redirect to an invalid Location',
    answer: send('HTTP/1.1 302 Found\r\nLocation: http://[::1\r\nContent-Length: 0\r\n\r\n'),
    expected: { status: 502, text: /redirects to an invalid location/ },
  },
  {
    name: '304 without Location',
    answer: send('HTTP/1.1 304 Not Modified\r\n\r\n'),
    expected: { status: 502, text: /answered 304/ },
  },
  {
    name: 'gzip bomb (passed through compressed, never inflated by the relay)',
    answer: (socket) => {
      socket.write(
        `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${BOMB.length}\r\n\r\n`,
      );
      socket.end(BOMB);
    },
    // The page's browser inflates it (as it would from the instance itself), not the relay.
    expected: {
      status: 200,
      bytes: BOMB,
      headers: { 'content-encoding': 'gzip', 'content-length': String(BOMB.length) },
    },
  },
];

let answer: Answer = send('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
const sockets = new Set<net.Socket>();
const upstream = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => {});
  let head = '';
  const onData = (chunk: Buffer) => {
    head += chunk.toString('latin1');
    if (!head.includes('\r\n\r\n')) return;
    socket.off('data', onData);
    answer(socket);
  };
  socket.on('data', onData);
});
let relay: ReturnType<typeof createRelay>;
const app = http.createServer((req, res) => void relay(req, res));
let upstreamUrl = '';
let appPort = 0;

const post = () => relayCall({ appPort, target: upstreamUrl });

beforeAll(async () => {
  upstreamUrl = `http://127.0.0.1:${await listenOn0(upstream)}`;
  appPort = await listenOn0(app);
  relay = createRelay({
    allowedHosts: [`127.0.0.1:${appPort}`],
    timeoutMs: 1500,
    idleTimeoutMs: 1500,
  });
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => upstream.close(() => r()));
  await closeServer(app);
});

describe(`relay against ${CASES.length} hostile upstreams`, () => {
  it.each(CASES)('$name', async ({ answer: a, expected }) => {
    answer = a;
    const r = await post();
    if (expected === 'cut') {
      // The upstream's 200 was on its way (or already here): the client sees it break off.
      expect([0, 200]).toContain(r.status);
      expect(r.complete).toBe(false);
    } else {
      expect(r.status).toBe(expected.status);
      expect(r.complete).toBe(true);
      if (expected.status >= 500) {
        expect(r.headers['x-relay-error']).toBe('1');
        expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
      }
      expect(r.headers['cache-control']).toBe('no-store');
      if ('text' in expected) expect(r.body.toString()).toMatch(expected.text);
      else {
        for (const [name, value] of Object.entries(expected.headers))
          expect(r.headers[name], name).toBe(value);
        // Byte for byte, without copying 64 MB into an assertion message.
        expect(r.body.length).toBe(expected.bytes.length);
        expect(r.body.equals(expected.bytes)).toBe(true);
      }
    }
    // The relay still serves a well-behaved upstream afterwards.
    answer = send(
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    const ok = await post();
    expect([ok.status, ok.body.toString(), ok.complete]).toEqual([200, '{}', true]);
  });
});
