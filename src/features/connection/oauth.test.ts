import { describe, expect, it } from 'vitest';
import {
  formatTimeLeft,
  parseTokenInput,
  parseTokenResponse,
  refreshDelay,
  refreshForm,
  REFRESH_AHEAD_MS,
  tokenPhase,
} from './oauth.ts';

const NOW = 1_700_000_000_000;

describe('parseTokenInput', () => {
  it('takes a bare token as is', () => {
    expect(parseTokenInput('  sgo_abc123  ', NOW)).toEqual({
      ok: true,
      value: { accessToken: 'sgo_abc123' },
    });
  });

  it('reads a whole token response and computes the expiry', () => {
    const text = JSON.stringify({
      access_token: 'at',
      token_type: 'Bearer',
      expires_in: 600,
      refresh_token: 'rt',
      scope: 'user:all',
    });
    expect(parseTokenInput(text, NOW)).toEqual({
      ok: true,
      value: { accessToken: 'at', expiresAt: NOW + 600_000, refreshToken: 'rt' },
    });
  });

  it('keeps a client id when the pasted JSON has one; accepts expires_in as a string', () => {
    const r = parseTokenInput('{"access_token":"a","expires_in":"60","client_id":"c"}', NOW);
    expect(r).toEqual({
      ok: true,
      value: { accessToken: 'a', expiresAt: NOW + 60_000, clientId: 'c' },
    });
  });

  it('explains broken JSON and a response without access_token', () => {
    const broken = parseTokenInput('{"access_token": "a",', NOW);
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/not valid JSON/);
    const err = parseTokenResponse({ error: 'invalid_grant', error_description: 'used' }, NOW);
    expect(!err.ok && err.message).toBe(
      'The token response has no "access_token". The server said: invalid_grant (used).',
    );
    expect(parseTokenInput('two words', NOW).ok).toBe(false);
    expect(parseTokenResponse([1], NOW).ok).toBe(false);
  });

  it('ignores a non-positive or missing expiry', () => {
    expect(parseTokenInput('{"access_token":"a","expires_in":0}', NOW)).toEqual({
      ok: true,
      value: { accessToken: 'a' },
    });
  });
});

describe('expiry', () => {
  it.each([
    [undefined, 'no-expiry'],
    [NOW + 10 * 60_000, 'valid'],
    [NOW + REFRESH_AHEAD_MS + 1, 'valid'],
    [NOW + REFRESH_AHEAD_MS, 'refresh-due'],
    [NOW + 1, 'refresh-due'],
    [NOW, 'expired'],
    [NOW - 5000, 'expired'],
  ] as const)('expiresAt %s → %s', (expiresAt, phase) => {
    expect(tokenPhase(expiresAt, NOW)).toBe(phase);
  });

  it('schedules the refresh ahead of expiry, at once when already due', () => {
    expect(refreshDelay(NOW + 600_000, NOW)).toBe(600_000 - REFRESH_AHEAD_MS);
    expect(refreshDelay(NOW + 1000, NOW)).toBe(0);
    expect(refreshDelay(undefined, NOW)).toBeUndefined();
  });

  it('formats the time left', () => {
    expect(formatTimeLeft(NOW + 598_500, NOW)).toBe('9 min 58 s left');
    expect(formatTimeLeft(NOW + 42_000, NOW)).toBe('42 s left');
    expect(formatTimeLeft(NOW + 2 * 3_600_000 + 60_000, NOW)).toBe('2 h 1 min left');
    expect(formatTimeLeft(NOW - 180_000, NOW)).toBe('expired 3 min 0 s ago');
  });

  it('builds a refresh_token grant', () => {
    expect(refreshForm('r t', 'cid').toString()).toBe(
      'grant_type=refresh_token&refresh_token=r+t&client_id=cid',
    );
  });
});
