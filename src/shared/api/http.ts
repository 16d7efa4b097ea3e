/**
 * The one fetch wrapper. It never throws for HTTP statuses (a console shows them); it throws
 * `NetworkError` when no response arrived at all, with a hint at the likely cause.
 */
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

/** Classifies a body for display: JSON, HTML page, plain text or empty. */
export function sniffBody(
  contentType: string | null,
  text: string,
): 'json' | 'html' | 'text' | 'empty' {
  if (text.length === 0) return 'empty';
  const ct = (contentType ?? '').toLowerCase();
  const head = text.trimStart().slice(0, 64).toLowerCase();
  if (ct.includes('html') || head.startsWith('<!doctype html') || head.startsWith('<html'))
    return 'html';
  if (ct.includes('json') || head.startsWith('{') || head.startsWith('[')) return 'json';
  return 'text';
}
