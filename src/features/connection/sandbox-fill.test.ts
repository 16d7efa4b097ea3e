import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commitConnection, subscribeConnection } from './connection-store.ts';
import { prefetchSchema } from '../schema/index.ts';
import {
  fillFromSandbox,
  loadSandboxInfo,
  prefetchSandboxInfo,
  SANDBOX_AHEAD_MAX_AGE_MS,
  sandboxPatch,
  type SandboxJson,
} from './sandbox-fill.ts';

const info: SandboxJson = {
  base_url: 'http://127.0.0.1:4431',
  analytics_url: 'http://127.0.0.1:4432',
  tokens: { user: 'u', admin: 'a', analytics: 'an' },
  oauth: { access_token: 'o', refresh_token: 'r', expires_in: 600, client_id: 'c' },
};

describe('sandboxPatch', () => {
  it('fills URLs and the token that fits the chosen scheme', () => {
    expect(sandboxPatch(info, { scheme: 'token', sudoUser: '' }, 0)).toEqual({
      baseUrl: info.base_url,
      analyticsUrl: info.analytics_url,
      analyticsToken: 'an',
      token: 'u',
      oauth: {},
    });
    expect(sandboxPatch(info, { scheme: 'sudo', sudoUser: 'bob' }, 0).token).toBe('a');
    expect(sandboxPatch(info, { scheme: 'bearer', sudoUser: '' }, 1000)).toMatchObject({
      token: 'o',
      oauth: { refreshToken: 'r', clientId: 'c', expiresAt: 601_000 },
    });
  });
});

describe('loadSandboxInfo after prefetchSandboxInfo', () => {
  let answers: Response[];
  const fetchMock = vi.fn(() =>
    Promise.resolve(answers.shift() ?? new Response('', { status: 500 })),
  );
  const ok = (user: string) =>
    new Response(JSON.stringify({ ...info, tokens: { ...info.tokens, user } }), { status: 200 });

  beforeEach(() => {
    vi.useFakeTimers();
    answers = [];
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    // Drops whatever a test left fetched ahead.
    vi.advanceTimersByTime(SANDBOX_AHEAD_MAX_AGE_MS);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('uses the answer fetched ahead once, then asks the server again', async () => {
    answers = [ok('ahead'), ok('later')];
    prefetchSandboxInfo(1000);
    prefetchSandboxInfo(2000); // one pending is enough
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await loadSandboxInfo(3000)).tokens.user).toBe('ahead');
    expect((await loadSandboxInfo(4000)).tokens.user).toBe('later');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not use an answer older than the limit', async () => {
    answers = [ok('old'), ok('new')];
    prefetchSandboxInfo(0);
    expect((await loadSandboxInfo(SANDBOX_AHEAD_MAX_AGE_MS)).tokens.user).toBe('new');
  });

  it('drops the answer fetched ahead once it is too old, though nobody asked', async () => {
    answers = [ok('old'), ok('new')];
    prefetchSandboxInfo(Date.now());
    vi.advanceTimersByTime(SANDBOX_AHEAD_MAX_AGE_MS);
    expect((await loadSandboxInfo(Date.now())).tokens.user).toBe('new');
  });

  it('asks again when the fetch ahead failed, and says what the server says now', async () => {
    answers = [new Response('', { status: 502 }), new Response('', { status: 404 })];
    prefetchSandboxInfo(0);
    await expect(loadSandboxInfo(10)).rejects.toThrow(/No sandbox here/);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('fillFromSandbox', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the schema request with the commit, not once a component has rendered it', async () => {
    const sent: { url: string; body: string; auth: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : String(input);
        const body = typeof init?.body === 'string' ? init.body : '';
        sent.push({ url, body, auth: new Headers(init?.headers).get('Authorization') });
        if (url.endsWith('/sandbox.json'))
          return Promise.resolve(new Response(JSON.stringify(info), { status: 200 }));
        return new Promise<Response>(() => {}); // the schema's answer is not what this is about
      }),
    );
    const introspections = () => sent.filter((r) => r.body.includes('IntrospectionQuery'));
    // The page's start: the server's default instance, no token yet, its schema requested
    // (src/app/app.tsx). The schema feature starts the next request on "Use sandbox"'s commit.
    commitConnection({ baseUrl: info.base_url, token: '' });
    prefetchSchema();
    await vi.waitFor(() => expect(introspections()).toHaveLength(1));

    // React renders a store's change in a microtask queued by its subscription: the request
    // must have left by then.
    let sentByRender = -1;
    const unsubscribe = subscribeConnection(() =>
      queueMicrotask(() => {
        if (sentByRender < 0) sentByRender = introspections().length;
      }),
    );
    await fillFromSandbox();
    unsubscribe();
    expect(sentByRender).toBe(2);
    expect(introspections()[1]?.auth).toBe(`token ${info.tokens.user}`);
  });
});
