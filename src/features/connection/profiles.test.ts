import { describe, expect, it } from 'vitest';
import { getConnection, swapSecrets, updateConnection } from './connection-store.ts';
import {
  checkProfileName,
  exportProfiles,
  initialProfiles,
  profileSettings,
  sanitizeProfiles,
} from './profiles.ts';

describe('connection profiles', () => {
  it('a profile switch brings the target its own tokens, never the previous profile’s', () => {
    updateConnection({
      baseUrl: 'https://prod.example',
      token: 'prod-token',
      analyticsToken: 'prod-analytics',
      oauth: {},
    });
    swapSecrets('prod', 'staging', { baseUrl: 'https://staging.example' });
    expect(getConnection()).toMatchObject({
      baseUrl: 'https://staging.example',
      token: '',
      analyticsToken: '',
    });
    updateConnection({ token: 'staging-token' });
    swapSecrets('staging', 'prod', { baseUrl: 'https://prod.example' });
    expect(getConnection()).toMatchObject({
      baseUrl: 'https://prod.example',
      token: 'prod-token',
      analyticsToken: 'prod-analytics',
    });
    swapSecrets('prod', 'staging', { baseUrl: 'https://staging.example' });
    expect(getConnection().token).toBe('staging-token');
  });

  it('keeps no token in a profile, nor in the export', () => {
    updateConnection({
      baseUrl: 'https://a.example',
      token: 'sgp_secret',
      scheme: 'sudo',
      sudoUser: 'bob',
    });
    const s = initialProfiles(getConnection());
    expect(JSON.stringify(s)).not.toContain('sgp_secret');
    const out = exportProfiles(s);
    expect(out).not.toContain('sgp_secret');
    expect(JSON.parse(out)).toEqual({
      version: 1,
      profiles: [{ name: 'Default', ...profileSettings(getConnection()) }],
    });
  });

  it('reads stored profiles, dropping invalid ones', () => {
    expect(sanitizeProfiles('x')).toBeUndefined();
    expect(
      sanitizeProfiles({
        activeId: 'gone',
        profiles: [
          { id: 'a', name: ' Prod ', baseUrl: 'https://p', scheme: 'nope', transport: 5 },
          { id: 'a', name: 'dup' },
          { name: 'no id' },
          null,
        ],
      }),
    ).toEqual({
      activeId: 'a',
      profiles: [
        {
          id: 'a',
          name: 'Prod',
          baseUrl: 'https://p',
          analyticsUrl: '',
          scheme: 'token',
          sudoUser: '',
          transport: 'relay',
        },
      ],
    });
  });

  it('checks names', () => {
    const s = initialProfiles(getConnection());
    expect(checkProfileName(' ', s.profiles)).toMatch(/Give the profile a name/);
    expect(checkProfileName('default', s.profiles)).toMatch(/already a profile named/);
    expect(checkProfileName('Staging', s.profiles)).toBeUndefined();
  });
});
