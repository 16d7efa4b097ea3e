import { describe, expect, it } from 'vitest';
import { splitShellWords } from './shell-words';
import { operationSource, tokenFromAuthorization, toSrcCommand } from './src-export';

describe('toSrcCommand', () => {
  const base = {
    endpoint: 'https://sourcegraph.example.com/',
    token: 'sgp_secret',
    query: 'query { currentUser { username } }',
    variables: {},
    redactToken: true,
  };

  it('prints the environment lines and a src api command, token redacted by default', () => {
    expect(toSrcCommand(base)).toBe(
      'export SRC_ENDPOINT=https://sourcegraph.example.com\n' +
        'export SRC_ACCESS_TOKEN=REDACTED\n' +
        "src api -query='query { currentUser { username } }' -vars='{}'\n",
    );
  });

  it('includes the token only when asked, and omits the line without one', () => {
    expect(toSrcCommand({ ...base, redactToken: false })).toContain(
      'export SRC_ACCESS_TOKEN=sgp_secret\n',
    );
    expect(toSrcCommand({ ...base, token: undefined })).not.toContain('SRC_ACCESS_TOKEN');
  });

  it('quotes queries and variables so the shell passes them through unchanged', () => {
    const query =
      "query($q: String!) {\n  search(query: $q) { results { matchCount } }\n} # it's `x` $HOME";
    const variables = { q: 'repo:^a$ \'b\' "c" <>&', n: 2 };
    const out = toSrcCommand({ ...base, query, variables });
    const last = out.trimEnd().split('\n').slice(2).join('\n');
    const split = splitShellWords(last);
    expect(split).toEqual({
      ok: true,
      words: [
        'src',
        'api',
        `-query=${query}`,
        '-vars={"n":2,"q":"repo:^a$ \'b\' \\"c\\" \\u003c\\u003e\\u0026"}',
      ],
    });
  });
});

describe('tokenFromAuthorization', () => {
  it.each([
    ['token abc', 'abc'],
    ['Bearer a.b', 'a.b'],
    ['token-sudo user="u",token="xyz"', 'xyz'],
    [undefined, undefined],
  ])('%s', (v, t) => expect(tokenFromAuthorization(v)).toBe(t));
});

describe('operationSource', () => {
  const doc =
    'query A { ...F }\n\nquery B { b }\n\nfragment F on Query { ...G }\nfragment G on Query { g }\nfragment H on Query { h }';
  it('keeps the named operation and the fragments it needs, as written', () => {
    expect(operationSource(doc, 'A')).toBe(
      'query A { ...F }\n\nfragment F on Query { ...G }\n\nfragment G on Query { g }',
    );
    expect(operationSource(doc, 'B')).toBe('query B { b }');
  });
  it('leaves single-operation, unparsable or unnamed cases alone', () => {
    expect(operationSource('{ a } fragment X on Q { x }', undefined)).toBe(
      '{ a } fragment X on Q { x }',
    );
    expect(operationSource('query A {', 'A')).toBe('query A {');
    expect(operationSource(doc, 'Nope')).toBe(doc);
  });
});
