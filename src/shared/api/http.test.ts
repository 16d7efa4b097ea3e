import { describe, expect, it } from 'vitest';
import { RELAY_ERROR_HEADER } from '../contracts/relay.ts';
import { httpMeta, looksLikeHtml, retryAfterSeconds, sniffBody } from './http.ts';

describe('httpMeta', () => {
  it('reads status, type, Retry-After and the relay error header', () => {
    const r = new Response('slow down', {
      status: 429,
      headers: { 'Content-Type': 'text/plain', 'Retry-After': '7', [RELAY_ERROR_HEADER]: '1' },
    });
    expect(httpMeta(r)).toEqual({
      status: 429,
      contentType: 'text/plain',
      retryAfter: '7',
      relayError: true,
    });
    expect(httpMeta(new Response('{}', { status: 200 })).relayError).toBe(false);
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterSeconds('12')).toBe(12);
    expect(retryAfterSeconds(new Date(10_000).toUTCString(), 0)).toBe(10);
    expect(retryAfterSeconds('soon')).toBeUndefined();
    expect(retryAfterSeconds(null)).toBeUndefined();
  });
});

describe('HTML sniffing', () => {
  it('knows a page by its type or its first tag, after a BOM and white space', () => {
    expect(looksLikeHtml(null, '\ufeff  <!DOCTYPE html>')).toBe(true);
    expect(looksLikeHtml('application/xhtml+xml', '')).toBe(true);
    expect(looksLikeHtml('text/csv', 'a,b\n')).toBe(false);
  });
  it('sniffBody uses the same rule: a page starting with <body> or <head> is HTML', () => {
    expect(sniffBody(null, '<body><h1>502 Bad Gateway</h1></body>')).toBe('html');
    expect(sniffBody('text/plain', '\n<head><title>Login</title></head>')).toBe('html');
    expect(sniffBody(null, '{"data":{}}')).toBe('json');
    expect(sniffBody(null, '')).toBe('empty');
  });
});
