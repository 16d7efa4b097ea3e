import { afterEach, describe, expect, it, vi } from 'vitest';
import { getConnection, updateConnection } from './connection-store.ts';
import { ensureUsableToken, TokenExpiredError } from './oauth-refresh.ts';

const NOW = Date.now();

function setBearer(expiresAt: number | undefined, refresh = true) {
  updateConnection({
    baseUrl: 'https://sg.example.com',
    scheme: 'bearer',
    token: 'old-access',
    transport: 'relay',
    oauth: refresh ? { expiresAt, refreshToken: 'r1', clientId: 'cid' } : { expiresAt },
  });
}

function stubTokenEndpoint(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  });
  return calls;
}

describe('ensureUsableToken', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('does nothing while the token has time left', async () => {
    setBearer(NOW + 10 * 60_000);
    const calls = stubTokenEndpoint(200, {});
    await ensureUsableToken(NOW);
    expect(calls).toHaveLength(0);
  });

  it('refreshes ahead of expiry through the relay with a refresh_token grant', async () => {
    setBearer(NOW + 30_000);
    const calls = stubTokenEndpoint(200, {
      access_token: 'new-access',
      token_type: 'Bearer',
      expires_in: 600,
      refresh_token: 'r2',
    });
    await ensureUsableToken(NOW);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/relay/oauth/token');
    expect(String(calls[0].init.body)).toBe(
      'grant_type=refresh_token&refresh_token=r1&client_id=cid',
    );
    expect((calls[0].init.headers as Record<string, string>)['X-Relay-Target']).toBe(
      'https://sg.example.com',
    );
    const c = getConnection();
    expect(c.token).toBe('new-access');
    expect(c.oauth.refreshToken).toBe('r2');
    expect(c.oauth.expiresAt).toBeGreaterThan(NOW + 500_000);
  });

  it('refuses an expired token when refreshing fails, with the reason', async () => {
    setBearer(NOW - 1000);
    stubTokenEndpoint(400, {
      error: 'invalid_grant',
      error_description: 'refresh token already used',
    });
    await expect(ensureUsableToken(NOW)).rejects.toThrow(TokenExpiredError);
    await expect(ensureUsableToken(NOW)).rejects.toThrow(/invalid_grant/);
  });

  it('keeps using a token that is about to expire when the refresh fails', async () => {
    setBearer(NOW + 30_000);
    stubTokenEndpoint(502, 'Could not reach https://sg.example.com');
    await expect(ensureUsableToken(NOW)).resolves.toBeUndefined();
  });

  it('refuses an expired token without a refresh token, and never calls out', async () => {
    setBearer(NOW - 60_000, false);
    const calls = stubTokenEndpoint(200, {});
    await expect(ensureUsableToken(NOW)).rejects.toThrow(/expired 1 min 0 s ago; not sending it/);
    expect(calls).toHaveLength(0);
  });
});
