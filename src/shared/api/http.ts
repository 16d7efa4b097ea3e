/**
 * The one fetch wrapper. It never throws for HTTP statuses (a console shows them); it throws
 * `NetworkError` when no response arrived at all, with a hint at the likely cause. Beside it, what
 * every caller reads of a response: its meta (status, type, Retry-After, a relay error), whether
 * a body is an HTML page, and how long Retry-After says to wait.
 */
import { RELAY_ERROR_HEADER } from '../contracts/relay.ts';

export class NetworkError extends Error {
  readonly kind: 'network' | 'aborted';
  constructor(message: string, kind: 'network' | 'aborted') {
    super(message);
    this.name = 'NetworkError';
    this.kind = kind;
  }
}

export interface TimedResponse {
  response: Response;
  /** Milliseconds from sending until the response headers arrived. */
  headersMs: number;
  startedAt: number;
}

export async function httpRequest(url: string, init: RequestInit): Promise<TimedResponse> {
  const startedAt = performance.now();
  try {
    const response = await fetch(url, { ...init, redirect: init.redirect ?? 'follow' });
    return { response, headersMs: performance.now() - startedAt, startedAt };
  } catch (err) {
    if (init.signal?.aborted || (err instanceof DOMException && err.name === 'AbortError')) {
      throw new NetworkError('The request was stopped.', 'aborted');
    }
    throw new NetworkError(err instanceof Error ? err.message : String(err), 'network');
  }
}

/** What a response says about itself, before its body is read. */
export interface HttpMeta {
  status: number;
  contentType: string | null;
  /** `Retry-After` header value (seconds or an HTTP date). */
  retryAfter: string | null;
  /** True when our relay wrote the response itself (header `X-Relay-Error`). */
  relayError: boolean;
}

/** The meta of a response (see {@link HttpMeta}). */
export function httpMeta(response: Response): HttpMeta {
  return {
    status: response.status,
    contentType: response.headers.get('Content-Type'),
    retryAfter: response.headers.get('Retry-After'),
    relayError: response.headers.has(RELAY_ERROR_HEADER),
  };
}

/** Seconds to wait from a Retry-After value (delta-seconds or an HTTP date); undefined if absent/invalid. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** True when a body looks like an HTML page, by its content type or its first characters. */
export function looksLikeHtml(contentType: string | null, head: string): boolean {
  const ct = (contentType ?? '').toLowerCase();
  const h = head
    .replace(/^\ufeff/, '')
    .trimStart()
    .slice(0, 128)
    .toLowerCase();
  return (
    ct.includes('html') ||
    h.startsWith('<!doctype html') ||
    h.startsWith('<html') ||
    h.startsWith('<head') ||
    h.startsWith('<body')
  );
}

/** Classifies a body for display: JSON, HTML page, plain text or empty. */
export function sniffBody(
  contentType: string | null,
  text: string,
): 'json' | 'html' | 'text' | 'empty' {
  if (text.length === 0) return 'empty';
  if (looksLikeHtml(contentType, text)) return 'html';
  const ct = (contentType ?? '').toLowerCase();
  const head = text.trimStart().slice(0, 64);
  if (ct.includes('json') || head.startsWith('{') || head.startsWith('[')) return 'json';
  return 'text';
}
