import { describe, expect, it } from 'vitest';
import { tokenFingerprint, type ConnectionSettings } from '../connection/index.ts';
import { schemaQueryKey } from './schema.ts';

const base: ConnectionSettings = {
  baseUrl: 'https://sg.example.com/',
  analyticsUrl: '',
  scheme: 'token',
  token: 'sgp_secret_0123456789abcdef',
  sudoUser: '',
  analyticsToken: '',
  transport: 'relay',
  remember: false,
  oauth: {},
};

describe('schemaQueryKey', () => {
  it('is keyed by base URL, scheme and a short fingerprint that never contains the token', () => {
    const key = schemaQueryKey(base);
    expect(key.slice(0, 3)).toEqual(['schema', 'https://sg.example.com', 'token']);
    expect(JSON.stringify(key)).not.toContain('secret');
    expect(String(key[3])).toMatch(/^[0-9a-z]{6,10}$/);
  });

  it('changes with the token and the sudo user, not with unrelated settings', () => {
    const key = JSON.stringify(schemaQueryKey(base));
    expect(JSON.stringify(schemaQueryKey({ ...base, token: `${base.token}x` }))).not.toBe(key);
    expect(
      JSON.stringify(schemaQueryKey({ ...base, transport: 'direct', analyticsToken: 'a' })),
    ).toBe(key);
    const sudo = { ...base, scheme: 'sudo' as const, sudoUser: 'alice' };
    expect(JSON.stringify(schemaQueryKey(sudo))).not.toBe(
      JSON.stringify(schemaQueryKey({ ...sudo, sudoUser: 'bob' })),
    );
    expect(tokenFingerprint('  ')).toBe('anon');
    expect(tokenFingerprint('a')).toBe(tokenFingerprint(' a '));
  });
});
