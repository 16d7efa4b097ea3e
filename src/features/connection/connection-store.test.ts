import { describe, expect, it } from 'vitest';
import { applyDefaults, getConnection, updateConnection } from './connection-store.ts';

const DEFAULTS = { baseUrl: 'http://127.0.0.1:4301', analyticsUrl: 'http://127.0.0.1:4302' };

describe('server defaults for the connection', () => {
  it('fill empty URLs when no token waits for them', () => {
    updateConnection({ baseUrl: '', analyticsUrl: '', token: '', analyticsToken: '', oauth: {} });
    applyDefaults(DEFAULTS);
    expect(getConnection()).toMatchObject(DEFAULTS);
  });

  it('never give a held token a URL it was not entered for', () => {
    updateConnection({
      baseUrl: '',
      analyticsUrl: '',
      token: 'entered-for-another-instance',
      analyticsToken: 'entered-for-another-service',
      oauth: {},
    });
    applyDefaults(DEFAULTS);
    expect(getConnection()).toMatchObject({ baseUrl: '', analyticsUrl: '' });
    // Each URL goes with its own token: the analytics default still fills an empty field
    // when only the instance token is held.
    updateConnection({ analyticsToken: '' });
    applyDefaults(DEFAULTS);
    expect(getConnection()).toMatchObject({ baseUrl: '', analyticsUrl: DEFAULTS.analyticsUrl });
  });

  it('keep an OAuth refresh token from a default URL too', () => {
    updateConnection({
      baseUrl: '',
      token: '',
      oauth: { refreshToken: 'sgr_entered-elsewhere', clientId: 'cid' },
    });
    applyDefaults(DEFAULTS);
    expect(getConnection().baseUrl).toBe('');
  });

  it('never replace a URL the user has', () => {
    updateConnection({ baseUrl: 'https://mine.example', token: '', oauth: {} });
    applyDefaults(DEFAULTS);
    expect(getConnection().baseUrl).toBe('https://mine.example');
  });
});
