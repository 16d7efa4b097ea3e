import { describe, expect, it } from 'vitest';
import { baseFromLocation, readRedirect, redirectMessage, type ResponseLike } from './redirect.ts';

function res(type: string, status: number, headers: Record<string, string> = {}): ResponseLike {
  const h = new Headers(headers);
  return { type, status, headers: h };
}

describe('baseFromLocation', () => {
  it('drops the API path and the query string', () => {
    expect(
      baseFromLocation(
        'https://sg.example.com/.api/graphql?CurrentUser',
        '/.api/graphql?CurrentUser',
      ),
    ).toBe('https://sg.example.com');
    expect(baseFromLocation('https://sg.example.com/sub/.api/graphql', '/.api/graphql')).toBe(
      'https://sg.example.com/sub',
    );
    expect(baseFromLocation('https://a.example/api/credits?x=1', '/api/credits?x=1')).toBe(
      'https://a.example',
    );
  });

  it('keeps another path (a login page) and refuses non-http or credentials', () => {
    expect(baseFromLocation('https://sso.example/login', '/.api/graphql')).toBe(
      'https://sso.example/login',
    );
    expect(baseFromLocation('javascript:alert(1)', '/.api/graphql')).toBeUndefined();
    expect(baseFromLocation('https://u:p@x.example/.api/graphql', '/.api/graphql')).toBeUndefined();
    expect(baseFromLocation('/relative', '/.api/graphql')).toBeUndefined();
  });
});

describe('readRedirect', () => {
  it('reads the relay header (502 from the relay)', () => {
    const r = readRedirect(
      res('basic', 502, {
        'X-Relay-Error': '1',
        'X-Relay-Redirect': 'https://sg.example.com/.api/graphql',
      }),
      'http://sg.example.com',
      '/.api/graphql',
    );
    expect(r).toEqual({
      location: 'https://sg.example.com/.api/graphql',
      suggestedBase: 'https://sg.example.com',
    });
    expect(redirectMessage(r!)).toMatch(
      /^The instance redirects to https:\/\/sg\.example\.com\/\.api\/graphql: .*Use https:\/\/sg\.example\.com as the URL/,
    );
  });

  it('an opaque redirect from http suggests https (the usual cause)', () => {
    const r = readRedirect(res('opaqueredirect', 0), 'http://sg.example.com', '/.api/graphql');
    expect(r).toEqual({ suggestedBase: 'https://sg.example.com' });
    expect(redirectMessage(r!)).toContain('try https://sg.example.com');
    expect(redirectMessage(r!)).not.toMatch(/npm start/);
  });

  it('an opaque redirect from https says to check the URL', () => {
    const r = readRedirect(res('opaqueredirect', 0), 'https://sg.example.com', '/.api/graphql');
    expect(r).toEqual({});
    expect(redirectMessage(r!)).toContain('Check the URL');
  });

  it('a visible 3xx with a relative Location is resolved against the request', () => {
    expect(
      readRedirect(
        res('basic', 308, { Location: '/new/.api/graphql' }),
        'https://a.example',
        '/.api/graphql',
      ),
    ).toEqual({
      location: 'https://a.example/new/.api/graphql',
      suggestedBase: 'https://a.example/new',
    });
  });

  it('anything else is not a redirect (304 and errors included)', () => {
    expect(readRedirect(res('basic', 200), 'https://a.example', '/.api/graphql')).toBeUndefined();
    expect(readRedirect(res('basic', 304), 'https://a.example', '/.api/graphql')).toBeUndefined();
    expect(
      readRedirect(
        res('basic', 502, { 'X-Relay-Error': '1' }),
        'https://a.example',
        '/.api/graphql',
      ),
    ).toBeUndefined();
  });
});
