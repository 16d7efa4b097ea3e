import { describe, expect, it } from 'vitest';
import { decodeFragment, encodeFragment } from './fragment.ts';
import { DEFAULT_QUERY } from './default-query.ts';

describe('URL fragment state', () => {
  it('writes the same shape as the instance console', () => {
    const hash = encodeFragment({ query: '{ currentUser { username } }' });
    expect(hash).toBe('#' + encodeURIComponent('{"query":"{ currentUser { username } }"}'));
  });

  it('round-trips query, variables and operation name', () => {
    const state = {
      query: 'query Q($n: Int) { repositories(first: $n) { nodes { name } } }\n# ü & # %',
      variables: '{\n  "n": 2\n}',
      operationName: 'Q',
    };
    expect(decodeFragment(encodeFragment(state))).toEqual(state);
  });

  it('reads a link copied from a real instance console', () => {
    const link =
      '#%7B%22query%22%3A%22%23%20Type%20queries%5Cnquery%20%7B%20currentUser%20%7B%20username%20%7D%20%7D%22%7D';
    expect(decodeFragment(link)).toEqual({
      query: '# Type queries\nquery { currentUser { username } }',
    });
  });

  it('re-indents variables with 2 spaces when they parse, keeps them as typed otherwise', () => {
    const h = '#' + encodeURIComponent(JSON.stringify({ variables: '{"a":1}' }));
    expect(decodeFragment(h)?.variables).toBe('{\n  "a": 1\n}');
    const broken = '#' + encodeURIComponent(JSON.stringify({ variables: '{"a":' }));
    expect(decodeFragment(broken)?.variables).toBe('{"a":');
  });

  it('accepts a variables object', () => {
    const h = '#' + encodeURIComponent(JSON.stringify({ query: '{a}', variables: { x: 1 } }));
    expect(decodeFragment(h)?.variables).toBe('{\n  "x": 1\n}');
  });

  it.each(['', '#', '#%E0%A4%A', '#not-json', '#%5B1%5D', '#%7B%22query%22%3A5%7D', '#null'])(
    'ignores a fragment it cannot use: %s',
    (hash) => {
      expect(decodeFragment(hash)).toBeUndefined();
    },
  );

  it('leaves out empty parts and writes nothing for an empty tab', () => {
    expect(encodeFragment({ query: '', variables: '  ' })).toBe('');
    expect(
      JSON.parse(
        decodeURIComponent(encodeFragment({ query: DEFAULT_QUERY, variables: ' ' }).slice(1)),
      ),
    ).toEqual({
      query: DEFAULT_QUERY,
    });
  });

  it('never carries anything but query, variables and operation name', () => {
    const sneaky = { query: '{a}', headers: '{"Authorization":"token x"}', token: 'x' };
    const hash = encodeFragment(sneaky as never);
    expect(hash).not.toContain('Authorization');
    expect(hash).not.toContain('token');
  });
});
