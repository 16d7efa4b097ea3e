/**
 * A strict JSON parser that says exactly where the input breaks and remembers where each value
 * is, so editors can put diagnostics on the right spot. `JSON.parse` gives neither portably.
 */
export type JsonPath = readonly (string | number)[];

export interface JsonSpan {
  from: number;
  to: number;
  /** For object members: the span of the key string. */
  keyFrom?: number;
  keyTo?: number;
}

export type JsonScan =
  | { ok: true; value: unknown; spans: Map<string, JsonSpan> }
  | { ok: false; message: string; offset: number; line: number; column: number };

/** `["a", 0, "b"]` → `a[0].b`, the form used in messages and as the span map key. */
export function pathKey(path: JsonPath): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out ? `.${seg}` : seg;
  return out;
}

/** 1-based line and column of `offset` in `text`. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    last = i;
  }
  return { line, column: offset - last };
}

class JsonError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

export function scanJson(text: string): JsonScan {
  const spans = new Map<string, JsonSpan>();
  let i = 0;
  const n = text.length;

  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
  };
  const describe = (at: number) =>
    at >= n ? 'the end of the text' : `'${String.fromCodePoint(text.codePointAt(at)!)}'`;
  const fail = (what: string, at = i): never => {
    throw new JsonError(`${what}, found ${describe(at)}`, at);
  };

  const parseString = (): string => {
    const start = i;
    i++; // opening quote
    let out = '';
    let chunk = i;
    for (;;) {
      if (i >= n) throw new JsonError('Unterminated string: add the closing "', start);
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) {
        throw new JsonError('Control character in a string: write it as an escape like \\n', i);
      }
      if (c === 0x5c) {
        out += text.slice(chunk, i);
        const e = text[i + 1];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (e !== undefined && e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          throw new JsonError('Invalid escape in a string', i);
        }
        chunk = i;
        continue;
      }
      i++;
    }
    out += text.slice(chunk, i);
    i++; // closing quote
    return out;
  };

  const parseValue = (path: (string | number)[], key?: { from: number; to: number }): unknown => {
    ws();
    const from = i;
    if (path.length > 1000) throw new JsonError('Nested too deeply (over 1000 levels)', i);
    let value: unknown;
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: Record<string, unknown> = {};
      ws();
      if (text[i] === '}') i++;
      else {
        for (;;) {
          ws();
          if (text[i] !== '"') {
            fail(
              text[i] === '}'
                ? 'Remove the trailing comma'
                : 'Expected a property name in double quotes',
            );
          }
          const keyFrom = i;
          const name = parseString();
          const keySpan = { from: keyFrom, to: i };
          ws();
          if (text[i] !== ':') fail(`Expected ':' after the property name "${name}"`);
          i++;
          path.push(name);
          obj[name] = parseValue(path, keySpan);
          path.pop();
          ws();
          if (text[i] === ',') {
            i++;
            continue;
          }
          if (text[i] === '}') {
            i++;
            break;
          }
          fail("Expected ',' or '}' after a property value");
        }
      }
      value = obj;
    } else if (c === '[') {
      i++;
      const arr: unknown[] = [];
      ws();
      if (text[i] === ']') i++;
      else {
        for (;;) {
          ws();
          if (text[i] === ']') fail('Remove the trailing comma');
          path.push(arr.length);
          arr.push(parseValue(path));
          path.pop();
          ws();
          if (text[i] === ',') {
            i++;
            continue;
          }
          if (text[i] === ']') {
            i++;
            break;
          }
          fail("Expected ',' or ']' after an array element");
        }
      }
      value = arr;
    } else if (c === '"') {
      value = parseString();
    } else {
      const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      const word = /^[A-Za-z_]\w*/.exec(text.slice(i, i + 100))?.[0];
      if (m && m[0] !== '-' && m[0].length > 0) {
        value = Number(m[0]);
        i += m[0].length;
      } else if (word === 'true' || word === 'false' || word === 'null') {
        value = word === 'true' ? true : word === 'false' ? false : null;
        i += word.length;
      } else if (word) {
        throw new JsonError(
          word === 'undefined' || word === 'NaN' || word === 'Infinity'
            ? `${word} is not JSON: use null or a number`
            : `Unexpected word '${word}': strings need double quotes`,
          i,
        );
      } else if (c === "'") {
        throw new JsonError('Strings need double quotes, not single quotes', i);
      } else {
        fail('Expected a JSON value');
      }
    }
    spans.set(
      pathKey(path),
      key ? { from, to: i, keyFrom: key.from, keyTo: key.to } : { from, to: i },
    );
    return value;
  };

  try {
    const value = parseValue([]);
    ws();
    if (i < n) fail('Unexpected text after the JSON value');
    return { ok: true, value, spans };
  } catch (e) {
    if (!(e instanceof JsonError)) throw e;
    return { ok: false, message: e.message, offset: e.offset, ...lineColumn(text, e.offset) };
  }
}
