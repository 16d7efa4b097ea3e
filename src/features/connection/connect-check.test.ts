import { describe, expect, it } from 'vitest';
import { readWhoAmI } from './connect-check.ts';
import type { ResponseMeta } from '../../shared/api/classify-http.ts';

const json = 'application/json';
function m(
  status: number,
  contentType: string | null,
  scheme: ResponseMeta['scheme'] = 'token',
): ResponseMeta {
  return { status, contentType, retryAfter: null, relayError: false, scheme };
}

describe('readWhoAmI', () => {
  it('names the user, and says sudo when acting as someone', () => {
    const body = '{"data":{"currentUser":{"username":"alice"}}}';
    expect(readWhoAmI(m(200, json), body)).toMatchObject({
      state: 'ok',
      message: 'Signed in as alice',
    });
    expect(readWhoAmI(m(200, json, 'sudo'), body)).toMatchObject({
      state: 'ok',
      sudo: true,
      message: 'Acting as alice (sudo)',
    });
  });

  it('tells anonymous access apart', () => {
    expect(readWhoAmI(m(200, json), '{"data":{"currentUser":null}}').state).toBe('anonymous');
  });

  it('passes the instance message for a 401/403', () => {
    const r = readWhoAmI(m(401, 'text/plain'), 'Invalid access token.\n');
    expect(r).toMatchObject({ state: 'error', message: '401 Unauthorized: Invalid access token.' });
    const s = readWhoAmI(
      m(403, 'text/plain', 'sudo'),
      'Unable to sudo to nonexistent user.\n',
      'nobody',
    );
    expect(s.state === 'error' && s.detail).toMatch(/nobody/);
  });

  it('says when the URL is not an instance', () => {
    expect(readWhoAmI(m(200, 'text/html'), '<!doctype html><p>hi</p>').state).toBe('error');
    expect(readWhoAmI(m(404, 'text/plain'), 'Not Found').state).toBe('error');
    const r = readWhoAmI(m(200, json), '{"hello":"world"}');
    expect(r.state).toBe('error');
  });
});
