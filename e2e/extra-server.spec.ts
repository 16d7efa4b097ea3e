import { expect, test } from '@playwright/test';
import { startExtraServer } from './server.ts';

// startExtraServer hands a spec the server it started: on free ports the system chose (so no
// other program and no stale server can hold them), read from the server's own banner.

/** Whether anything answers HTTP at `url`. */
const answers = (url: string) =>
  fetch(url).then(
    () => true,
    () => false,
  );

test('two extra servers at once each listen on free ports of their own, and stop frees them', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [a, b] = await Promise.all([startExtraServer(), startExtraServer()]);
  try {
    const ports = [a, b].flatMap((s) =>
      [s.url, s.info.base_url, s.info.analytics_url].map((u) => new URL(u).port),
    );
    expect(new Set(ports).size).toBe(6);
    expect(ports).not.toContain(new URL(baseURL!).port);
    for (const s of [a, b]) {
      expect(s.output()).toContain(`Debug console:  ${s.url}/debug/console`);
      expect(s.output()).toContain(`Sandbox instance (base_url):       ${s.info.base_url}`);
      const me = await fetch(`${s.info.base_url}/.api/graphql`, {
        method: 'POST',
        headers: { Authorization: `token ${s.info.tokens.user}` },
        body: JSON.stringify({ query: '{ currentUser { username } }' }),
      });
      expect(await me.json()).toEqual({ data: { currentUser: { username: 'alice' } } });
    }
    await a.stop();
    expect(await answers(`${a.url}/sandbox.json`)).toBe(false);
    expect(await answers(`${a.info.base_url}/.api/graphql`)).toBe(false);
    expect(await answers(`${b.url}/sandbox.json`)).toBe(true);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
});

test('an extra server that cannot start rejects with its output', async () => {
  await expect(startExtraServer({ SANDBOX_SCHEMA: '/no/such/schema.graphql' })).rejects.toThrow(
    /server exited before listening:[^]*SANDBOX_SCHEMA: cannot read \/no\/such\/schema\.graphql/,
  );
});
