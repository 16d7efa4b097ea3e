import { escapeEach, hex, HIDDEN } from './hidden-chars.ts';

/** A JavaScript escape for one character: `\xNN`, `\uNNNN` or `\u{NNNNN}`. */
function jsEscape(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  if (cp <= 0xff) return `\\x${hex(ch, 2)}`;
  return cp <= 0xffff ? `\\u${hex(ch, 4)}` : `\\u{${hex(ch, 1)}}`;
}

/** A single-quoted JavaScript string literal of `s` (one line; hidden characters escaped). */
export function jsString(s: string): string {
  const body = escapeEach(
    s,
    (ch) => ch === '\\' || ch === "'" || HIDDEN.test(ch),
    (ch) => (ch === '\\' || ch === "'" ? '\\' + ch : jsEscape(ch)),
  );
  return `'${body}'`;
}

/**
 * A template literal of `s` that keeps its line breaks and tabs, for a query to read as typed.
 * `\`, `` ` `` and `${` are escaped, and so is a carriage return (a template turns a literal one
 * into a line feed).
 */
export function jsTemplate(s: string): string {
  const body = escapeEach(
    s,
    (ch, i) =>
      ch === '\\' ||
      ch === '`' ||
      (ch === '$' && s[i + 1] === '{') ||
      (ch !== '\n' && ch !== '\t' && HIDDEN.test(ch)),
    (ch) => ('\\`$'.includes(ch) ? '\\' + ch : jsEscape(ch)),
  );
  return '`' + body + '`';
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * An object key: bare when it is an identifier, else quoted. `__proto__` is written computed
 * (`['__proto__']`): in a literal, `__proto__: x` would set the prototype, not a property.
 */
export function jsKey(key: string): string {
  if (key === '__proto__') return `[${jsString(key)}]`;
  return IDENTIFIER.test(key) ? key : jsString(key);
}

/**
 * A JSON value (as `JSON.parse` returns it) as a JavaScript expression that evaluates to an
 * equal value, laid out as Prettier would (two spaces, trailing commas); `indent` is the
 * indentation of the line it starts on.
 */
export function jsValue(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return jsString(value);
  if (typeof value === 'number') return Object.is(value, -0) ? '0' : String(value);
  if (typeof value === 'boolean') return String(value);
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${jsValue(v, inner)},\n`).join('')}${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([k, v]) => `${inner}${jsKey(k)}: ${jsValue(v, inner)},\n`);
  return `{\n${lines.join('')}${indent}}`;
}
