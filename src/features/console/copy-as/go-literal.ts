import { escapeEach, hex, HIDDEN } from './hidden-chars.ts';

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A Go escape for one character: `\uNNNN` or `\UNNNNNNNN` (never `\xNN`, which is a byte in Go,
 * not a character). A lone surrogate has no Go form (Go strings are UTF-8): it becomes
 * `\uFFFD`, as Go's `encoding/json` does with invalid UTF-8.
 */
function goEscape(ch: string): string {
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  if (LONE_SURROGATE.test(ch)) return '\\uFFFD';
  return ch.codePointAt(0)! <= 0xffff ? `\\u${hex(ch, 4)}` : `\\U${hex(ch, 8)}`;
}

/** An interpreted Go string literal of `s` (one line; hidden characters escaped). */
export function goString(s: string): string {
  const body = escapeEach(
    s,
    (ch) => ch === '\\' || ch === '"' || HIDDEN.test(ch),
    (ch) => (ch === '\\' || ch === '"' ? '\\' + ch : goEscape(ch)),
  );
  return `"${body}"`;
}

/**
 * A Go constant expression for `s` that reads as typed: raw strings (`` `…` ``) joined with `+`
 * to interpreted ones for what a raw string cannot hold (a backtick; hidden characters but line
 * feeds and tabs, since Go drops carriage returns from raw strings and refuses NUL and a BOM in
 * source).
 */
export function goMultiline(s: string): string {
  const parts: string[] = [];
  let raw = '';
  let escaped = '';
  const flush = () => {
    if (raw) parts.push('`' + raw + '`');
    if (escaped) parts.push(goString(escaped));
    raw = escaped = '';
  };
  for (const ch of s) {
    if (ch === '`' || (ch !== '\n' && ch !== '\t' && HIDDEN.test(ch))) {
      if (raw) flush();
      escaped += ch;
    } else {
      if (escaped) flush();
      raw += ch;
    }
  }
  flush();
  return parts.length ? parts.join(' + ') : '``';
}

const jsonUnit = (unit: number) => '\\u' + unit.toString(16).padStart(4, '0');

/**
 * JSON text in which every character a raw Go string cannot hold (a backtick, hidden
 * characters) is a JSON escape: the same JSON value, printable as one raw string. Such
 * characters only occur inside JSON strings, where `\uXXXX` means the same (`JSON.stringify`
 * escapes line feeds in strings, so those left are the layout's).
 */
export function goRawJson(json: string): string {
  return escapeEach(
    json,
    (ch) => ch === '`' || (ch !== '\n' && HIDDEN.test(ch)),
    // Per UTF-16 unit: a character beyond the BMP is a surrogate pair of escapes in JSON.
    (ch) => [...Array(ch.length).keys()].map((k) => jsonUnit(ch.charCodeAt(k))).join(''),
  );
}
