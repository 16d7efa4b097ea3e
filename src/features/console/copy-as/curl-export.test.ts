import { describe, expect, it } from 'vitest';
import { toCurl, type CurlOptions } from './curl-export';
import { redactAuthorization } from './redact.ts';
import { splitShellWords } from './shell-words';

const TOKEN = 'sgp_local_0123456789abcdef0123456789abcdef01234567';
const base: CurlOptions = {
  endpoint: 'https://sourcegraph.example.com',
  authorization: `token ${TOKEN}`,
  headers: {},
  body: { query: 'query { currentUser { username } }', variables: {} },
  redactToken: false,
};

describe('toCurl: byte for byte', () => {
  it('matches the src-cli example', () => {
    expect(toCurl(base)).toBe(
      'curl \\\n' +
        `   -H 'Authorization: token ${TOKEN}' \\\n` +
        "   -H 'Content-Type: application/json' \\\n" +
        '   -d \'{"query":"query { currentUser { username } }","variables":{}}\' \\\n' +
        '   https://sourcegraph.example.com/.api/graphql\n',
    );
  });

  it('backslash-escapes a body without spaces', () => {
    const out = toCurl({ ...base, body: { query: '{currentUser{username}}', variables: {} } });
    expect(out.split('\n')[3]).toBe(
      '   -d \\{\\"query\\":\\"\\{currentUser\\{username}}\\",\\"variables\\":\\{}} \\',
    );
  });

  it('redacts the token by default and keeps the scheme', () => {
    expect(toCurl({ ...base, redactToken: true }).split('\n')[1]).toBe(
      "   -H 'Authorization: token REDACTED' \\",
    );
  });

  it('prints no Authorization line without a token, and a trailing slash is dropped', () => {
    expect(toCurl({ ...base, authorization: undefined, endpoint: 'http://127.0.0.1:4451/' })).toBe(
      'curl \\\n' +
        "   -H 'Content-Type: application/json' \\\n" +
        '   -d \'{"query":"query { currentUser { username } }","variables":{}}\' \\\n' +
        '   http://127.0.0.1:4451/.api/graphql\n',
    );
  });

  it('puts extra headers after Authorization; a Content-Type header replaces the default', () => {
    const out = toCurl({
      ...base,
      redactToken: true,
      headers: { 'X-Trace': '1', 'content-type': 'application/json; charset=utf-8' },
    });
    expect(out).toBe(
      'curl \\\n' +
        "   -H 'Authorization: token REDACTED' \\\n" +
        "   -H 'X-Trace: 1' \\\n" +
        "   -H 'content-type: application/json; charset=utf-8' \\\n" +
        '   -d \'{"query":"query { currentUser { username } }","variables":{}}\' \\\n' +
        '   https://sourcegraph.example.com/.api/graphql\n',
    );
  });

  it('writes Go JSON: operationName first, sorted nested variables, <>& and U+2028 escaped', () => {
    const out = toCurl({
      ...base,
      authorization: undefined,
      body: {
        query: 'query Q($in: X) { a(x: "<b>&") }',
        operationName: 'Q',
        variables: { z: 1, in: { b: [true, null], a: 'é\u2028' } },
      },
    });
    expect(out.split('\n')[2]).toBe(
      '   -d \'{"operationName":"Q","query":"query Q($in: X) { a(x: \\"\\u003cb\\u003e\\u0026\\") }",' +
        '"variables":{"in":{"a":"é\\u2028","b":[true,null]},"z":1}}\' \\',
    );
  });

  it("closes and reopens quotes around ' and keeps newlines inside the quotes", () => {
    const out = toCurl({
      ...base,
      authorization: undefined,
      body: { query: 'query {\n  search(query: "it\'s") { x }\n}', variables: {} },
    });
    expect(out.split('\n').slice(2, 3)[0]).toBe(
      '   -d \'{"query":"query {\\n  search(query: \\"it\'\\\'\'s\\") { x }\\n}","variables":{}}\' \\',
    );
  });

  it('prints OAuth and sudo credentials with their scheme (redacted unless asked)', () => {
    expect(toCurl({ ...base, authorization: 'Bearer abc.def', redactToken: true })).toContain(
      "-H 'Authorization: Bearer REDACTED' \\\n",
    );
    expect(toCurl({ ...base, authorization: 'Bearer abc.def' })).toContain(
      "-H 'Authorization: Bearer abc.def' \\\n",
    );
    const sudo = 'token-sudo user="alice",token="sgp_x"';
    expect(toCurl({ ...base, authorization: sudo, redactToken: true })).toContain(
      '-H \'Authorization: token-sudo user="alice",token="REDACTED"\' \\\n',
    );
  });

  it('redacts an Authorization header typed into the Headers editor too', () => {
    const out = toCurl({
      ...base,
      authorization: undefined,
      headers: { authorization: 'token secret' },
      redactToken: true,
    });
    expect(out).not.toContain('secret');
  });
});

describe('toCurl round-trips through a POSIX word splitter', () => {
  const cases: CurlOptions[] = [
    base,
    { ...base, body: { query: '{currentUser{username}}', variables: {} } },
    {
      ...base,
      headers: { 'X-A': 'it\'s $HOME `x` \\ "q"', 'X-Empty': '' },
      body: {
        query: "query Q($q: String!) {\n\tsearch(query: $q) { results { matchCount } }\n} # '!*?",
        variables: { q: 'repo:^a$ \'b\' "c" <>& 😀 \u2028', n: [1, 2.5, -0.001] },
        operationName: 'Q',
      },
    },
  ];
  it.each(cases.map((c, i) => [i, c] as const))('case %i', (_i, opts) => {
    const split = splitShellWords(toCurl(opts));
    if (!split.ok) throw new Error(split.message);
    const words = split.words;
    expect(words[0]).toBe('curl');
    expect(words.at(-1)).toBe('https://sourcegraph.example.com/.api/graphql');
    const headers = words.filter((_w, i) => words[i - 1] === '-H');
    expect(headers).toEqual([
      `Authorization: token ${TOKEN}`,
      ...Object.entries(opts.headers).map(([k, v]) => `${k}: ${v}`),
      'Content-Type: application/json',
    ]);
    const body = JSON.parse(words[words.indexOf('-d') + 1]!);
    expect(body).toEqual(opts.body);
  });
});

describe('redactAuthorization', () => {
  it.each([
    ['token abc', 'token REDACTED'],
    ['Bearer a.b.c', 'Bearer REDACTED'],
    ['token-sudo user="bob",token="abc"', 'token-sudo user="bob",token="REDACTED"'],
    ['abc', 'REDACTED'],
  ])('%s', (input, out) => expect(redactAuthorization(input)).toBe(out));
});
