import { describe, expect, it } from 'vitest';
import { toCurl } from './curl-export';
import { isSecretHeaderName } from './secret-headers';

describe('isSecretHeaderName', () => {
  it.each([
    'Authorization',
    'Proxy-Authorization',
    'Cookie',
    'cookie2',
    'X-Api-Key',
    'X-Auth-User',
    'X-CSRF-Token',
    'Access-Token',
    'X-Client-Secret',
    'X-Session-Id',
    'X-Password',
    'APIKEY',
  ])('%s is secret', (name) => expect(isSecretHeaderName(name)).toBe(true));

  it.each(['X-Trace', 'Content-Type', 'Accept', 'X-Requested-With', 'X-Sourcegraph-Client'])(
    '%s is not',
    (name) => expect(isSecretHeaderName(name)).toBe(false),
  );
});

describe('toCurl redacts every secret-looking header', () => {
  const headers = {
    Cookie: 'sgs=abc123',
    'X-Api-Key': 'k-999',
    'X-Session-Token': 'sess-777',
    'X-Trace': '1',
  };
  const body = { query: '{ currentUser { username } }', variables: {} };

  it('by default', () => {
    const out = toCurl({ endpoint: 'https://x.example', headers, body, redactToken: true });
    expect(out).not.toMatch(/abc123|k-999|sess-777/);
    expect(out).toContain("-H 'Cookie: REDACTED'");
    expect(out).toContain("-H 'X-Api-Key: REDACTED'");
    expect(out).toContain("-H 'X-Session-Token: REDACTED'");
    expect(out).toContain("-H 'X-Trace: 1'");
  });

  it('unless the user asks to include secrets', () => {
    const out = toCurl({ endpoint: 'https://x.example', headers, body, redactToken: false });
    expect(out).toContain("-H 'Cookie: sgs=abc123'");
    expect(out).toContain("-H 'X-Api-Key: k-999'");
  });
});
