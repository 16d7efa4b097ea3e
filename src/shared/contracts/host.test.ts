import { describe, expect, it } from 'vitest';
import { normalizeInstanceHost } from './host.ts';

describe('normalizeInstanceHost', () => {
  it.each([
    ['example.sourcegraphcloud.com', 'example.sourcegraphcloud.com', false],
    ['https://example.sourcegraphcloud.com', 'example.sourcegraphcloud.com', true],
    ['https://Example.SourcegraphCloud.com/search?q=1#top', 'example.sourcegraphcloud.com', true],
    ['http://127.0.0.1:4174/', '127.0.0.1:4174', true],
    ['127.0.0.1:4174', '127.0.0.1:4174', false],
    ['https://a.example:443/x', 'a.example', true],
    ['http://a.example:80', 'a.example', true],
    ['http://a.example:443', 'a.example:443', true],
    ['a.example:8443', 'a.example:8443', false],
    ['EXAMPLE.COM', 'example.com', true],
    ['  example.com\t\n', 'example.com', true],
    ['example.com.', 'example.com', true],
    ['example.com/.api/graphql', 'example.com', true],
    ['bücher.example', 'xn--bcher-kva.example', true],
    ['https://日本.example/', 'xn--wgv71a.example', true],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example', false],
    ['localhost:3080', 'localhost:3080', false],
    ['[::1]:8080', '[::1]:8080', false],
    ['HTTPS://sourcegraph.example/-/settings', 'sourcegraph.example', true],
  ])('%j → %s (changed %s)', (input, host, changed) => {
    expect(normalizeInstanceHost(input)).toEqual({ ok: true, host, changed });
  });

  it.each([
    ['', /Enter the instance host/],
    ['   ', /Enter the instance host/],
    ['foo bar.com', /cannot contain spaces/],
    ['http://', /not a host name/],
    ['a$b.com', /not a host name/],
    ['a..b', /not a host name/],
    ['-a.com', /not a host name/],
    [':8080', /not a host name/],
    ['a.com:99999', /not a host name/],
    ['<script>', /not a host name/],
    ['ftp://a.com', /ftp: address/],
    ['user:secret@a.com', /Remove the user name or password/],
    ['https://token@a.com', /Remove the user name or password/],
  ])('%j is rejected with a message', (input, message) => {
    const r = normalizeInstanceHost(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it('never echoes a password back in its message', () => {
    const r = normalizeInstanceHost('https://u:hunter2@a.com');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).not.toContain('hunter2');
  });
});
