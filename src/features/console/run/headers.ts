import { scanJson } from './json-scan';

export type HeadersResult =
  | { ok: true; value: Record<string, string> }
  | { ok: false; message: string; line: number; column: number; offset?: number; key?: string };

const TOKEN_CHARS = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Parses the Headers editor: a JSON object whose values are strings (empty text → `{}`).
 * Names must be valid HTTP header names; values may not contain line breaks.
 */
export function parseHeaders(text: string): HeadersResult {
  if (text.trim() === '') return { ok: true, value: {} };
  const scan = scanJson(text);
  if (!scan.ok) return scan;
  const at = (offset: number, message: string, key?: string): HeadersResult => {
    const before = text.slice(0, offset);
    return {
      ok: false,
      message,
      offset,
      key,
      line: 1 + (before.match(/\n/g)?.length ?? 0),
      column: offset - before.lastIndexOf('\n'),
    };
  };
  const v = scan.value;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    return at(
      text.length - text.trimStart().length,
      'Headers must be a JSON object, like {"X-Name": "value"}',
    );
  }
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(v)) {
    const span = scan.spans.get(name);
    if (!TOKEN_CHARS.test(name)) {
      return at(
        span?.keyFrom ?? 0,
        `"${name}" is not a valid header name (letters, digits and -_ only, no spaces or colons)`,
        name,
      );
    }
    if (typeof value !== 'string') {
      return at(span?.from ?? 0, `The value of "${name}" must be a string in double quotes`, name);
    }
    if (/[\r\n\0]/.test(value)) {
      return at(span?.from ?? 0, `The value of "${name}" cannot contain line breaks`, name);
    }
    out[name] = value;
  }
  return { ok: true, value: out };
}

/** Headers a browser refuses to set from a page (fetch silently drops or rejects them). */
const FORBIDDEN = new Set([
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'connection',
  'content-length',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'expect',
  'host',
  'keep-alive',
  'origin',
  'referer',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'via',
]);

/** Advice about headers that parse but will not do what the user expects. */
export function headerWarnings(
  headers: Record<string, string>,
): { key: string; message: string }[] {
  const out: { key: string; message: string }[] = [];
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase();
    if (lower === 'authorization') {
      out.push({
        key: name,
        message:
          'Authorization is set from the connection panel (Auth scheme and Access token); put the token there so it is never saved with the tab',
      });
    } else if (FORBIDDEN.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-')) {
      out.push({
        key: name,
        message: `Browsers do not let pages set "${name}"; it will not be sent`,
      });
    }
  }
  return out;
}
