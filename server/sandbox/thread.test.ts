import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandboxThread } from './thread.ts';
import type { RunningSandbox } from './types.ts';

/** The sandbox in its worker thread: starts, answers, stops cleanly, and says why it cannot. */

// Fixed ports (the analytics service takes port + 1) from this suite's own range.
const PORT = 5752;

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

describe('the sandbox thread', () => {
  it('serves the instance and the analytics service, then frees both ports on close', async () => {
    running = await startSandboxThread({ host: '127.0.0.1', port: PORT });
    const { info } = running;
    expect(info.base_url).toBe(`http://127.0.0.1:${PORT}`);
    expect(info.analytics_url).toBe(`http://127.0.0.1:${PORT + 1}`);
    const gql = await fetch(`${info.base_url}/.api/graphql`, {
      method: 'POST',
      headers: { Authorization: `token ${info.tokens.user}` },
      body: JSON.stringify({ query: '{ currentUser { username } }' }),
    });
    expect(await gql.json()).toEqual({ data: { currentUser: { username: 'alice' } } });
    const credits = await fetch(
      `${info.analytics_url}/api/credits?instanceURL=${encodeURIComponent(info.instances[0] ?? '')}`,
      { headers: { Authorization: `Bearer ${info.tokens.analytics}` } },
    );
    expect(credits.status).toBe(200);

    await running.close();
    running = undefined;
    expect(await portIsFree(PORT)).toBe(true);
    expect(await portIsFree(PORT + 1)).toBe(true);
  });

  it('rejects with the reason when the sandbox cannot start: a bad schema file', async () => {
    await expect(
      startSandboxThread({ host: '127.0.0.1', port: PORT, schemaPath: '/no/such/schema.graphql' }),
    ).rejects.toThrow(/SANDBOX_SCHEMA: cannot read \/no\/such\/schema\.graphql/);
    expect(await portIsFree(PORT)).toBe(true);
  });

  it('rejects with EADDRINUSE when a port is taken, so npm start can say which', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(PORT + 1, '127.0.0.1', () => r()));
    try {
      const failed = await startSandboxThread({ host: '127.0.0.1', port: PORT }).then(
        () => null,
        (err: NodeJS.ErrnoException) => err,
      );
      expect(failed?.code).toBe('EADDRINUSE');
      expect(failed?.message).toMatch(new RegExp(`${PORT + 1}`));
      // The instance it had started on PORT is closed again.
      expect(await portIsFree(PORT)).toBe(true);
    } finally {
      await new Promise<void>((r) => blocker.close(() => r()));
    }
  });
});
