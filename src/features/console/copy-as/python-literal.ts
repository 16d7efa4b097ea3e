import { escapeEach, hex, HIDDEN } from './hidden-chars.ts';

/** A Python escape for one character: `\xNN`, `\uNNNN` or `\UNNNNNNNN` (lone surrogates too). */
function pyEscape(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  if (ch === '\t') return '\\t';
  if (cp <= 0xff) return `\\x${hex(ch, 2)}`;
  return cp <= 0xffff ? `\\u${hex(ch, 4)}` : `\\U${hex(ch, 8)}`;
}

/** A double-quoted Python string literal of `s` (one line; hidden characters escaped). */
export function pyString(s: string): string {
  const body = escapeEach(
    s,
    (ch) => ch === '\\' || ch === '"' || HIDDEN.test(ch),
    (ch) => (ch === '\\' || ch === '"' ? '\\' + ch : pyEscape(ch)),
  );
  return `"${body}"`;
}

/**
 * A triple-quoted Python string of `s` that keeps its line breaks and tabs (a query reads as
 * typed). Backslashes and carriage returns are escaped (Python reads a literal one as a line
 * feed), and a `"` followed by another or ending the text, so that no `"""` closes it early.
 */
export function pyTripleString(s: string): string {
  const body = escapeEach(
    s,
    (ch, i) =>
      ch === '\\' ||
      (ch === '"' && (i + 1 === s.length || s[i + 1] === '"')) ||
      (ch !== '\n' && ch !== '\t' && HIDDEN.test(ch)),
    (ch) => (ch === '\\' || ch === '"' ? '\\' + ch : pyEscape(ch)),
  );
  return `"""${body}"""`;
}

/**
 * A JSON value (as `JSON.parse` returns it) as a Python expression that `json.dumps` writes back
 * as an equal value: `None`, `True`, `False`, numbers, dicts and lists laid out as Black would
 * (four spaces, trailing commas); `indent` is the indentation of the line it starts on.
 */
export function pyValue(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'string') return pyString(value);
  // JavaScript's shortest form (`1e+21`, `1.5e-7`) is a valid Python number literal.
  if (typeof value === 'number') return Object.is(value, -0) ? '0' : String(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  const inner = indent + '    ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${pyValue(v, inner)},\n`).join('')}${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([k, v]) => `${inner}${pyString(k)}: ${pyValue(v, inner)},\n`);
  return `{\n${lines.join('')}${indent}}`;
}
