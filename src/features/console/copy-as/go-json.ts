/**
 * JSON exactly as Go's `encoding/json.Marshal` writes it for values decoded from JSON
 * (`map[string]interface{}` etc.): compact, object keys sorted by their UTF-8 bytes at every
 * level, `<` `>` `&` U+2028 U+2029 escaped, `\b` `\f` `\n` `\r` `\t` short escapes (Go ≥ 1.22),
 * other control characters as lowercase `\u00XX`, lone surrogates as `\ufffd` (Go sees invalid
 * UTF-8 there). `JSON.stringify` differs on the escapes and the key order.
 */
export function goJsonMarshal(value: unknown): string {
  const out: string[] = [];
  write(value, out);
  return out.join('');
}

const HEX = '0123456789abcdef';

/** Go's `encodeState.string` with HTML escaping on (the `json.Marshal` default). */
function goJsonString(s: string): string {
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string | undefined;
    if (c < 0x20 || c === 0x22 || c === 0x5c || c === 0x3c || c === 0x3e || c === 0x26) {
      rep = SHORT[c] ?? '\\u00' + HEX[c >> 4] + HEX[c & 0xf];
    } else if (c === 0x2028 || c === 0x2029) {
      rep = c === 0x2028 ? '\\u2028' : '\\u2029';
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const next = s.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i++; // a valid pair: written as is
        continue;
      }
      rep = '\\ufffd'; // Go writes invalid UTF-8 as the escape, not the character
    }
    if (rep !== undefined) {
      out += s.slice(start, i) + rep;
      start = i + 1;
    }
  }
  return out + s.slice(start) + '"';
}

const SHORT: Record<number, string> = {
  0x08: '\\b',
  0x09: '\\t',
  0x0a: '\\n',
  0x0c: '\\f',
  0x0d: '\\r',
  0x22: '\\"',
  0x5c: '\\\\',
  0x3c: '\\u003c',
  0x3e: '\\u003e',
  0x26: '\\u0026',
};

/** Go sorts map keys by bytes; UTF-8 byte order is code point order (not UTF-16 order). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

function write(value: unknown, out: string[]): void {
  if (value === null || value === undefined) {
    out.push('null');
  } else if (typeof value === 'string') {
    out.push(goJsonString(value));
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`json: unsupported value: ${value}`);
    // Go's float formatting matches JS's shortest round-trip form and thresholds (1e21, 1e-6).
    out.push(Object.is(value, -0) ? '-0' : String(value));
  } else if (typeof value === 'boolean') {
    out.push(value ? 'true' : 'false');
  } else if (Array.isArray(value)) {
    out.push('[');
    value.forEach((v, i) => {
      if (i > 0) out.push(',');
      write(v, out);
    });
    out.push(']');
  } else if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj).sort(compareCodePoints);
    out.push('{');
    keys.forEach((k, i) => {
      if (i > 0) out.push(',');
      out.push(goJsonString(k), ':');
      write(obj[k], out);
    });
    out.push('}');
  } else {
    throw new TypeError(`json: unsupported type: ${typeof value}`);
  }
}
