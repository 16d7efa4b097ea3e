import { describe, expect, it } from 'vitest';
import { sandboxPatch, type SandboxJson } from './sandbox-fill.ts';

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
