import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { startExtraServer } from './server.ts';

// startExtraServer must never hand a spec a server it did not start: a stale server from an
// earlier run answering on the port would make the spec test the wrong build.
// Ports: 5785–5790 (this spec's own).

/** A stand-in for a stale server: answers `/sandbox.json` like ours, with another build's data. */
async function staleServer(port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({ base_url: 'http://stale', analytics_url: 'http://stale', tokens: {} }),
    );
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return server;
}

const close = (s: Server) => new Promise<void>((ok) => s.close(() => ok()));

test('startExtraServer refuses a port on which another server already answers', async () => {
  const stale = await staleServer(5785);
  try {
    await expect(startExtraServer(5785)).rejects.toThrow(
      'Port 5785 is taken: another server (maybe a stale one from an earlier run) listens there.',
    );
  } finally {
    await close(stale);
  }
});

test('startExtraServer refuses when its sandbox port is taken', async () => {
  const stale = await staleServer(5789);
  try {
    await expect(startExtraServer(5788)).rejects.toThrow('Port 5789 is taken');
  } finally {
    await close(stale);
  }
});
