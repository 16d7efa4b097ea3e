import { afterEach, describe, expect, it, vi } from 'vitest';
import { commitConnection, getConnection, updateConnection } from './connection-store.ts';
import { ensureUsableToken, TokenExpiredError } from './oauth-refresh.ts';

const NOW = Date.now();
let serial = 0;

/** A bearer connection with a fresh refresh token `r1-<n>` (a spent one is remembered). */
function setBearer(expiresAt: number | undefined, refresh = true) {
  serial += 1;
  updateConnection({
    baseUrl: 'https://sg.example.com',
    scheme: 'bearer',
    token: 'old-access',
    transport: 'relay',
    oauth: refresh
      ? {
          expiresAt,
          refreshToken: `r1-${serial}`,
          clientId: 'cid',
          baseUrl: 'https://sg.example.com',
        }
      : { expiresAt },
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
    expect(calls[0]?.url).toBe('/relay/oauth/token');
    expect(String(calls[0]?.init.body)).toBe(
      `grant_type=refresh_token&refresh_token=r1-${serial}&client_id=cid`,
    );
    expect((calls[0]?.init.headers as Record<string, string>)['X-Relay-Target']).toBe(
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

  it('refuses a token whose last moments would run out on the way (no refresh token)', async () => {
    setBearer(NOW + 500, false);
    const calls = stubTokenEndpoint(200, {});
    await expect(ensureUsableToken(NOW)).rejects.toThrow(
      /has 0 s left: too little to arrive valid; not sending it/,
    );
    expect(calls).toHaveLength(0);
  });

  it('a spent refresh token is never sent twice (the result is reused)', async () => {
    setBearer(NOW - 1000);
    const calls = stubTokenEndpoint(200, { access_token: 'a2', expires_in: 600 });
    await ensureUsableToken(NOW);
    // The same token response pasted again (same refresh token): no second exchange.
    updateConnection({
      token: 'old-access',
      oauth: { ...getConnection().oauth, refreshToken: `r1-${serial}`, expiresAt: NOW - 1000 },
    });
    await ensureUsableToken(NOW);
    expect(calls).toHaveLength(1);
    expect(getConnection().token).toBe('a2');
  });
});

describe('OAuth refresh data belongs to the Instance URL it was entered for', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is dropped when the Instance URL is changed, and never sent to the new one', async () => {
    setBearer(NOW - 1000);
    commitConnection({ baseUrl: 'https://sg.example.co' });
    expect(getConnection().oauth).toEqual({});
    const calls = stubTokenEndpoint(200, { access_token: 'x', expires_in: 600 });
    await expect(ensureUsableToken(NOW)).resolves.toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('is kept when the same instance is committed again (trailing slash and all)', () => {
    setBearer(NOW + 600_000);
    commitConnection({ baseUrl: 'https://sg.example.com/' });
    expect(getConnection().oauth.refreshToken).toBe(`r1-${serial}`);
  });

  it('refresh data bound to another URL is not used even if it is still there', async () => {
    setBearer(NOW - 1000);
    updateConnection({ baseUrl: 'https://evil.example' });
    const calls = stubTokenEndpoint(200, { access_token: 'x', expires_in: 600 });
    await expect(ensureUsableToken(NOW)).rejects.toThrow(/not sending it/);
    expect(calls).toHaveLength(0);
  });
});
