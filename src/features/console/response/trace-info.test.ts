import { describe, expect, it } from 'vitest';
import { traceInfo } from './trace-info.ts';

const h = (pairs: Record<string, string>) => new Headers(pairs);

describe('traceInfo', () => {
  it('current instances: X-Trace id, X-Trace-Span, X-Trace-URL link', () => {
    expect(
      traceInfo(
        h({
          'X-Trace': '4bf92f3577b34da6a3ce929d0e0e4736',
          'X-Trace-Span': '00f067aa0ba902b7',
          'X-Trace-URL':
            'https://sg.example.com/-/debug/jaeger/trace/4bf92f3577b34da6a3ce929d0e0e4736',
        }),
      ),
    ).toEqual({
      id: '4bf92f3577b34da6a3ce929d0e0e4736',
      span: '00f067aa0ba902b7',
      url: 'https://sg.example.com/-/debug/jaeger/trace/4bf92f3577b34da6a3ce929d0e0e4736',
    });
  });
  it('before mid-2023 X-Trace held the URL: it becomes the link, the id is its last segment', () => {
    expect(
      traceInfo(h({ 'X-Trace': 'https://sg.example.com/-/debug/jaeger/trace/abc123' })),
    ).toEqual({
      id: 'abc123',
      url: 'https://sg.example.com/-/debug/jaeger/trace/abc123',
    });
  });
  it('an id without a URL (no trace URL template configured)', () => {
    expect(traceInfo(h({ 'X-Trace': 'abc123' }))).toEqual({ id: 'abc123' });
  });
  it('no trace headers', () => {
    expect(traceInfo(h({ 'Content-Type': 'application/json' }))).toBeUndefined();
  });
  it.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', '/relative/path', 'not a url'])(
    'a link that is not http(s) is not offered: %s',
    (bad) => {
      expect(traceInfo(h({ 'X-Trace': 'abc', 'X-Trace-URL': bad }))).toEqual({ id: 'abc' });
    },
  );
});
