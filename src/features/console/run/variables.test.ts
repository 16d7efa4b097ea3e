import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { parseVariables } from './parse-variables.ts';
import { operationVariables, validateVariables } from './variables';

const schema = buildSchema(`
  type Query { search(query: String!, first: Int, kinds: [Kind!], input: In): Int }
  enum Kind { REPO FILE }
  input In { name: String!, tags: [String!] }
`);
const Q =
  'query S($q: String!, $n: Int = 10, $k: [Kind!], $in: In) { search(query: $q, first: $n, kinds: $k, input: $in) }';

describe('parseVariables', () => {
  it.each([
    ['', {}],
    ['  \n', {}],
    ['{"a": 1, "b": [true, null, "x"]}', { a: 1, b: [true, null, 'x'] }],
  ])('%j parses', (text, value) => {
    expect(parseVariables(text)).toEqual({ ok: true, value });
  });

  it.each<[string, number, number, RegExp]>([
    ['{"a": 1,}', 1, 9, /trailing comma/],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, /Expected ',' or '}'/],
    ["{'a': 1}", 1, 2, /property name in double quotes/],
    ['{"a": tru}', 1, 7, /Unexpected word 'tru'/],
    ['{"a": "x', 1, 7, /Unterminated string/],
    ['{"a": 1', 1, 8, /Expected ',' or '}'.*end of the text/],
    ['[1]', 1, 1, /must be a JSON object/],
    ['{"a": 1} x', 1, 10, /after the JSON value/],
    ['{"a": undefined}', 1, 7, /undefined is not JSON/],
  ])('%j fails at line %i column %i', (text, line, column, message) => {
    const r = parseVariables(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([r.line, r.column]).toEqual([line, column]);
    expect(r.message).toMatch(message);
    expect(r.offset).toBe(
      text
        .split('\n')
        .slice(0, line - 1)
        .join('\n').length +
        (line > 1 ? 1 : 0) +
        column -
        1,
    );
  });
});

describe('validateVariables', () => {
  const check = (vars: Record<string, unknown>, s = schema, q = Q) =>
    validateVariables(s, q, undefined, vars).map((p) => [p.severity, p.path ?? '', p.message]);

  it('accepts valid variables', () => {
    expect(check({ q: 'x', n: 5, k: ['REPO'], in: { name: 'a', tags: ['t'] } })).toEqual([]);
  });

  it('reports a missing required variable but not one with a default', () => {
    expect(check({})).toEqual([
      ['error', '', 'Missing required variable "$q" (String!): add "q": … to the variables'],
    ]);
  });

  it('reports wrong types with the path inside the value', () => {
    expect(check({ q: 1, n: 'ten', k: ['NOPE'], in: { tags: [1] } })).toEqual([
      ['error', 'q', 'Variable "$q": String cannot represent a non string value: 1'],
      ['error', 'n', 'Variable "$n": Int cannot represent non-integer value: "ten"'],
      [
        'error',
        'k[0]',
        expect.stringMatching(
          /^Variable "\$k" has an invalid value at "k\[0]": Value "NOPE" does not exist in "Kind" enum/,
        ),
      ],
      ['error', 'in', 'Variable "$in": Field "name" of required type "String!" was not provided.'],
      [
        'error',
        'in.tags[0]',
        'Variable "$in" has an invalid value at "in.tags[0]": String cannot represent a non string value: 1',
      ],
    ]);
  });

  it('reports null for a non-null variable and unknown variables as warnings', () => {
    expect(check({ q: null, extra: 1 })).toEqual([
      ['error', 'q', 'Variable "$q" is String! and cannot be null'],
      ['warning', 'extra', 'Unknown variable "extra": the operation declares $q, $n, $k, $in'],
    ]);
  });

  it('checks presence without a schema, and picks the operation by name', () => {
    const two = 'query A($a: ID!) { x } query B { y }';
    expect(validateVariables(undefined, two, 'A', {}).map((p) => p.message)).toEqual([
      'Missing required variable "$a" (ID!): add "a": … to the variables',
    ]);
    expect(validateVariables(undefined, two, 'B', { a: 1 })[0]?.severity).toBe('warning');
    expect(validateVariables(undefined, two, undefined, {})).toEqual([]); // ambiguous: no verdict
  });

  it('says nothing about a query that does not parse', () => {
    expect(validateVariables(schema, '{ broken', undefined, { x: 1 })).toEqual([]);
  });

  it('lists the declared variables for completion', () => {
    expect(operationVariables(Q).map((v) => [v.name, v.type, v.required])).toEqual([
      ['q', 'String!', true],
      ['n', 'Int', false],
      ['k', '[Kind!]', false],
      ['in', 'In', false],
    ]);
  });
});
