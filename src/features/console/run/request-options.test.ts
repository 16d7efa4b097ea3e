import { describe, expect, it } from 'vitest';
import { optionsFromSearch, requestOptionHeaders, withOptionHeaders } from './request-options.ts';

describe('optionsFromSearch (the console page URL, as the instance console reads it)', () => {
  it.each([
    ['', { trace: false, flags: '' }],
    ['?trace=1', { trace: true, flags: '' }],
    ['?trace=0', { trace: false, flags: '' }],
    [
      '?feat=search-debug&feat=-search-keyword',
      { trace: false, flags: 'search-debug, -search-keyword' },
    ],
    ['?trace=1&feat=a,b', { trace: true, flags: 'a,b' }],
  ])('%s', (search, want) => {
    expect(optionsFromSearch(search)).toEqual(want);
  });
});

describe('requestOptionHeaders', () => {
  it('nothing when off and empty', () => {
    expect(requestOptionHeaders({ trace: false, flags: ' , ' })).toEqual({ ok: true, headers: [] });
  });
  it('the trace header, then one override header per flag', () => {
    expect(
      requestOptionHeaders({ trace: true, flags: 'search-debug, -search-keyword ~x' }),
    ).toEqual({
      ok: true,
      headers: [
        ['X-Sourcegraph-Should-Trace', 'true'],
        ['X-Sourcegraph-Override-Feature', 'search-debug'],
        ['X-Sourcegraph-Override-Feature', '-search-keyword'],
        ['X-Sourcegraph-Override-Feature', '~x'],
      ],
    });
  });
  it('a word that is not a flag name blocks with advice', () => {
    const r = requestOptionHeaders({ trace: false, flags: 'ok, bad"flag' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^Feature flags: "bad"flag" is not a flag name/);
    if (!r.ok) expect(r.message).toContain('field to run; nothing was sent.');
    const e = requestOptionHeaders({ trace: false, flags: 'bad"flag' }, 'export');
    if (!e.ok) expect(e.message).toContain('field to export; nothing was sent.');
    expect(e.ok).toBe(false);
  });
});

describe('withOptionHeaders (one header object for fetch)', () => {
  it('joins repeated names with ", " and keeps an override typed in the Headers editor', () => {
    expect(
      withOptionHeaders({ 'x-sourcegraph-override-feature': 'typed', 'X-Other': '1' }, [
        ['X-Sourcegraph-Should-Trace', 'true'],
        ['X-Sourcegraph-Override-Feature', 'a'],
        ['X-Sourcegraph-Override-Feature', '-b'],
      ]),
    ).toEqual({
      'X-Other': '1',
      'x-sourcegraph-override-feature': 'typed, a, -b',
      'X-Sourcegraph-Should-Trace': 'true',
    });
  });
  it('the Trace checkbox wins over a Should-Trace header typed in the editor', () => {
    expect(
      withOptionHeaders({ 'X-Sourcegraph-Should-Trace': 'false' }, [
        ['X-Sourcegraph-Should-Trace', 'true'],
      ]),
    ).toEqual({ 'X-Sourcegraph-Should-Trace': 'true' });
  });
});
