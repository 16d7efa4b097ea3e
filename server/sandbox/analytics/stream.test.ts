import { EventEmitter } from 'node:events';
import type { Server, ServerResponse } from 'node:http';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as tick } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listen } from '../../http-util.ts';
import { createAnalyticsHandler, type SandboxAnalytics } from './index.ts';
import { pumpLines } from './stream.ts';

/** A response stand-in whose write() reports a full buffer until 'drain' is emitted. */
class FakeResponse extends EventEmitter {
  destroyed = false;
  writes = 0;
  ended = false;
  write(_chunk?: unknown): boolean {
    this.writes++;
    return false;
  }
  end(rest?: string): void {
    if (rest) this.write(rest);
    this.ended = true;
  }
}

function countingLines(total: number, pulled: { n: number }): Iterable<string> {
  return (function* () {
    for (let i = 0; i < total; i++) {
      pulled.n++;
      yield `row ${i},${'x'.repeat(90)}\r\n`;
    }
  })();
}

describe('pumpLines', () => {
  it('stops pulling rows while the client is not reading, resumes on drain', async () => {
    const res = new FakeResponse();
    const pulled = { n: 0 };
    const done = pumpLines(res as unknown as ServerResponse, countingLines(100_000, pulled));
    for (let i = 0; i < 20; i++) await tick();
    expect(res.writes).toBe(1);
    const afterFirst = pulled.n;
    expect(afterFirst).toBeLessThan(1000); // one ~64 KiB chunk of ~100-byte lines
    for (let i = 0; i < 20; i++) await tick();
    expect(pulled.n).toBe(afterFirst);
    res.emit('drain');
    for (let i = 0; i < 5; i++) await tick();
    expect(res.writes).toBe(2);
    res.destroyed = true;
    res.emit('close');
    expect(await done).toBeLessThan(100_000);
    expect(res.ended).toBe(false);
  });
});

describe('pumpLines with chunks of bytes', () => {
  it('writes pending lines, then each chunk as it is, waiting for drain between them', async () => {
    const written: (string | Uint8Array)[] = [];
    const res = new FakeResponse();
    res.write = (chunk: string | Uint8Array) => {
      written.push(chunk);
      res.writes++;
      return false;
    };
    const pulled = { n: 0 };
    const items = (function* () {
      yield 'header\r\n';
      for (let i = 0; i < 5; i++) {
        pulled.n++;
        yield Buffer.from(`row ${i}\r\n`);
      }
    })();
    const done = pumpLines(res as unknown as ServerResponse, items);
    for (let i = 0; i < 20; i++) await tick();
    // The pending line, then the first chunk; nothing more until the client reads.
    expect(written.map(String)).toEqual(['header\r\n', 'row 0\r\n']);
    expect(pulled.n).toBe(1);
    for (let k = 1; k < 5; k++) {
      res.emit('drain');
      for (let i = 0; i < 5; i++) await tick();
    }
    res.emit('drain');
    expect(await done).toBe(6);
    expect(written.map(String).join('')).toBe(
      'header\r\n' + [0, 1, 2, 3, 4].map((i) => `row ${i}\r\n`).join(''),
    );
    expect(res.ended).toBe(true);
  });
});

describe('pumpLines over a real socket', () => {
  it('lets a client in the same process (like the relay) read before generating much more', async () => {
    const pulled = { n: 0 };
    const server = await listen(
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/csv' });
        void pumpLines(res, countingLines(200_000, pulled));
      },
      '127.0.0.1',
      0,
    );
    try {
      const port = (server.address() as AddressInfo).port;
      const atResponse = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/' }, (res) => {
          const n = pulled.n;
          res.destroy();
          resolve(n);
        });
        req.on('error', reject);
        req.end();
      });
      // Without a yield per chunk, the pump fills the kernel's socket buffers (megabytes,
      // tens of thousands of lines) before the client gets a turn.
      expect(atResponse).toBeLessThan(5000);
    } finally {
      await closeServer(server);
    }
  });
});

describe('a big report over HTTP', () => {
  let server: Server;
  let svc: SandboxAnalytics;
  beforeAll(async () => {
    svc = await createAnalyticsHandler({
      host: '127.0.0.1',
      port: 4490,
      analyticsUrl: 'http://127.0.0.1:4491',
      instanceHost: '127.0.0.1:4490',
      reportScale: 200_000,
      today: '2026-06-15',
    });
    server = await listen(svc.handler, '127.0.0.1', 0);
  });
  afterAll(() => closeServer(server));

  it('streams ~200k rows chunked, with memory growth well under the body size', async () => {
    const port = (server.address() as AddressInfo).port;
    // Measure what stays reachable (after a full GC), not garbage the GC has not collected yet.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const retained = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = retained();
    let peak = before;
    const { bytes, lines, chunked } = await new Promise<{
      bytes: number;
      lines: number;
      chunked: boolean;
    }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/reports/by-user-client-date?instanceURL=127.0.0.1:4490',
          headers: { Authorization: `Bearer ${svc.tokens.analytics}` },
        },
        (res) => {
          let bytes = 0;
          let lines = 0;
          let n = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
            if (++n % 64 === 0) peak = Math.max(peak, retained());
          });
          res.on('end', () =>
            resolve({ bytes, lines, chunked: res.headers['transfer-encoding'] === 'chunked' }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(chunked).toBe(true);
    expect(lines).toBeGreaterThan(180_000);
    expect(lines).toBeLessThan(230_000);
    expect(bytes).toBeGreaterThan(20_000_000);
    // Holding the report in memory would retain at least its size (twice as a JS string).
    expect(peak - before).toBeLessThan(bytes / 4);
  }, 90_000); // generous: the machine may be shared; this test asserts memory, not speed
});
