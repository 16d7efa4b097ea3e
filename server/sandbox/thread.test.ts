import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandboxThread } from './thread.ts';
import type { RunningSandbox } from './types.ts';

/** The sandbox in its worker thread: starts, answers, stops cleanly, and says why it cannot. */

let running: RunningSandbox | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** Resolves true when `port` can be listened on again (nothing holds it). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A server holding a free port the system chose, and that port. */
async function holdFreePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as net.AddressInfo).port,
    release: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A port the system just gave out and took back: free for a moment, for tests that name one. */
async function freePort(): Promise<number> {
  const held = await holdFreePort();
  await held.release();
  return held.port;
}

const portOf = (url: string) => Number(new URL(url).port);

describe('the sandbox thread', () => {
  it('on port 0 serves the instance and the analytics service on two free ports it reports, then frees both on close', async () => {
    running = await startSandboxThread({ host: '127.0.0.1', port: 0 });
    const { info } = running;
    expect(info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.analytics_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const [instancePort, analyticsPort] = [portOf(info.base_url), portOf(info.analytics_url)];
    expect(instancePort).toBeGreaterThan(0);
    expect(analyticsPort).toBeGreaterThan(0);
    expect(analyticsPort).not.toBe(instancePort);
    // The analytics service knows the instance by the port it really got.
    expect(info.instances).toContain(`127.0.0.1:${instancePort}`);
    const gql = await fetch(`${info.base_url}/.api/graphql`, {
      method: 'POST',
      headers: { Authorization: `token ${info.tokens.user}` },
      body: JSON.stringify({ query: '{ currentUser { username } }' }),
    });
    expect(await gql.json()).toEqual({ data: { currentUser: { username: 'alice' } } });
    const credits = await fetch(
      `${info.analytics_url}/api/credits?instanceURL=${encodeURIComponent(`127.0.0.1:${instancePort}`)}`,
      { headers: { Authorization: `Bearer ${info.tokens.analytics}` } },
    );
    expect(credits.status).toBe(200);

    await running.close();
    running = undefined;
    expect(await portIsFree(instancePort)).toBe(true);
    expect(await portIsFree(analyticsPort)).toBe(true);
  });

  it('on a named port puts the analytics service on the next one', async () => {
    const port = await freePort();
    running = await startSandboxThread({ host: '127.0.0.1', port });
    expect(running.info.base_url).toBe(`http://127.0.0.1:${port}`);
    expect(running.info.analytics_url).toBe(`http://127.0.0.1:${port + 1}`);
    const res = await fetch(`${running.info.analytics_url}/api/credits`);
    expect(res.status).toBe(401);
  });

  it('rejects with the reason when the sandbox cannot start: a bad schema file', async () => {
    const port = await freePort();
    await expect(
      startSandboxThread({ host: '127.0.0.1', port, schemaPath: '/no/such/schema.graphql' }),
    ).rejects.toThrow(/SANDBOX_SCHEMA: cannot read \/no\/such\/schema\.graphql/);
    expect(await portIsFree(port)).toBe(true);
    expect(await portIsFree(port + 1)).toBe(true);
  });

  it('rejects with EADDRINUSE when a port is taken, so npm start can say which', async () => {
    // The analytics port (instance + 1) taken, the instance's own free: find such a pair.
    let blocker = await holdFreePort();
    while (!(await portIsFree(blocker.port - 1))) {
      await blocker.release();
      blocker = await holdFreePort();
    }
    const port = blocker.port - 1;
    try {
      const failed = await startSandboxThread({ host: '127.0.0.1', port }).then(
        () => null,
        (err: NodeJS.ErrnoException) => err,
      );
      expect(failed?.code).toBe('EADDRINUSE');
      expect(failed?.message).toMatch(new RegExp(`${port + 1}`));
      // The instance it had started on `port` is closed again.
      expect(await portIsFree(port)).toBe(true);
    } finally {
      await blocker.release();
    }
  });
});
