import { describe, expect, it } from 'vitest';
import { toCurl, type CurlOptions } from './curl-export';
import { operationSource, toSrcCommand } from './src-export';
import { exportOperation } from './export-operation';

const TOKEN = 'sgp_local_0123456789abcdef0123456789abcdef01234567';
const base: CurlOptions = {
  endpoint: 'https://sourcegraph.example.com',
  authorization: `token ${TOKEN}`,
  headers: {},
  body: { query: 'query { currentUser { username } }', variables: {} },
  redactToken: false,
};

describe('Copy as curl: one operation is byte for byte `src api -get-curl`', () => {
  it('a named single operation sends no operationName (src never does)', () => {
    const query = 'query Me { currentUser { username } }';
    const { operationName } = exportOperation(query, undefined, 0);
    expect(toCurl({ ...base, body: { query, variables: {}, operationName } })).toBe(
      'curl \\\n' +
        `   -H 'Authorization: token ${TOKEN}' \\\n` +
        "   -H 'Content-Type: application/json' \\\n" +
        '   -d \'{"query":"query Me { currentUser { username } }","variables":{}}\' \\\n' +
        '   https://sourcegraph.example.com/.api/graphql\n',
    );
  });
  it('several operations: the chosen one is named in the body', () => {
    const query = 'query A { a }\nquery B { b }';
    const { operationName } = exportOperation(query, 'B', 0);
    expect(toCurl({ ...base, body: { query, variables: {}, operationName } })).toContain(
      '-d \'{"operationName":"B","query":',
    );
  });
});

describe('Copy as curl carries the trace and feature-flag headers', () => {
  it('one -H per header after the Headers editor ones, before Content-Type', () => {
    const out = toCurl({
      ...base,
      headers: { 'X-Custom': '1' },
      optionHeaders: [
        ['X-Sourcegraph-Should-Trace', 'true'],
        ['X-Sourcegraph-Override-Feature', 'search-debug'],
        ['X-Sourcegraph-Override-Feature', '-search-keyword'],
      ],
    });
    expect(out.split('\n').slice(1, 7)).toEqual([
      `   -H 'Authorization: token ${TOKEN}' \\`,
      "   -H 'X-Custom: 1' \\",
      "   -H 'X-Sourcegraph-Should-Trace: true' \\",
      "   -H 'X-Sourcegraph-Override-Feature: search-debug' \\",
      "   -H 'X-Sourcegraph-Override-Feature: -search-keyword' \\",
      "   -H 'Content-Type: application/json' \\",
    ]);
  });
});

describe('Copy as src command carries them too', () => {
  const src = {
    endpoint: 'https://sourcegraph.example.com',
    token: 'sgp_x',
    query: '{ a }',
    variables: {},
    redactToken: true,
  };
  it('-trace for tracing, SRC_HEADERS for the overrides (src-cli reads it per request)', () => {
    expect(toSrcCommand({ ...src, trace: true, featureFlags: ['search-debug', '-x'] })).toBe(
      'export SRC_ENDPOINT=https://sourcegraph.example.com\n' +
        'export SRC_ACCESS_TOKEN=REDACTED\n' +
        'export SRC_HEADERS=X-Sourcegraph-Override-Feature:search-debug,-x\n' +
        "src api -trace -query='{ a }' -vars='{}'\n",
    );
  });
  it('nothing extra without them', () => {
    expect(toSrcCommand({ ...src, trace: false, featureFlags: [] })).toBe(toSrcCommand(src));
  });
  it('operationSource still narrows a multi-operation document', () => {
    expect(operationSource('query A { a }\nquery B { b }', 'B')).toBe('query B { b }');
  });
});
