import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonStreamPrinter } from './json-stream-printer.ts';
import { prettyJson } from '../../../shared/api/pretty-json.ts';

/** Feeds `text` in pieces cut at `cuts` (sorted, deduplicated offsets). */
function print(text: string, cuts: number[] = []): { p: JsonStreamPrinter; out: string } {
  const p = new JsonStreamPrinter();
  const lines: string[] = [];
  let at = 0;
  for (const c of [...new Set(cuts)].sort((a, b) => a - b).concat(text.length)) {
    if (c <= at || c > text.length) continue;
    p.write(text.slice(at, c));
    lines.push(...p.takeLines());
    at = c;
  }
  p.end();
  lines.push(...p.takeLines());
  return { p, out: lines.join('\n') };
}

/** Every split into two pieces. */
function everySplit(text: string, check: (out: string, p: JsonStreamPrinter) => void): void {
  for (let i = 0; i <= text.length; i++) {
    const { p, out } = print(text, [i]);
    check(out, p);
  }
}

// Keys that JSON.parse keeps in arrival order (no integer-like keys, no duplicates).
const key = fc.string({ maxLength: 6 }).filter((k) => !/^(0|[1-9]\d*)$/.test(k));
const leaf = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, tie('arr'), tie('obj')),
  arr: fc.array(tie('value'), { maxLength: 6 }),
  obj: fc.dictionary(key, tie('value'), { maxKeys: 6 }),
})).value;

describe('JsonStreamPrinter', () => {
  it('prints exactly what prettyJson prints, whatever the piece boundaries', () => {
    fc.assert(
      fc.property(json, fc.array(fc.nat(400), { maxLength: 8 }), fc.boolean(), (v, cuts, ws) => {
        const text = JSON.stringify(v, null, ws ? 1 : undefined);
        const { p, out } = print(text, cuts);
        expect(p.failed).toBe(false);
        expect(out).toBe(prettyJson(JSON.parse(text)));
      }),
      { numRuns: 600 },
    );
  });

  it('expands even empty containers nested deeper than a line allows', () => {
    const text = '['.repeat(45) + '[],{},1' + ']'.repeat(45);
    for (const cuts of [[], [44, 45, 46, 47, 48]]) {
      const { p, out } = print(text, cuts);
      expect(p.failed).toBe(false);
      expect(out).toBe(prettyJson(JSON.parse(text)));
    }
  });

  it('prints expanded containers at any depth, also past the shared per-depth lines', () => {
    // Objects and arrays alternate down to depth 150, with small one-line members beside.
    let v: unknown = 'x'.repeat(100);
    for (let d = 150; d > 0; d--) v = d % 2 ? { [`k${d}`]: v, n: d } : [v, d, { a: [d] }, []];
    const text = JSON.stringify(v);
    for (const cuts of [[], [10, 900, 901, 5000, text.length - 300]]) {
      const { p, out } = print(text, cuts);
      expect(p.failed).toBe(false);
      expect(out).toBe(prettyJson(JSON.parse(text)));
    }
  });

  it('splits inside strings, escapes, numbers and literals', () => {
    const text =
      '{"a\\"b":"x\\\\\\"y\\u00e9\\/z","n":-12.5e+3,"big":12345678901234567890,"m":-0,"t":true,"f":false,"z":null,"e":1E2}';
    everySplit(text, (out, p) => {
      expect(p.failed).toBe(false);
      expect(out).toBe(prettyJson(JSON.parse(text)));
    });
  });

  it('reads integers, literals and tokens that only look like them as JSON.parse does', () => {
    const text =
      '[0,7,1023,1024,999999999999999,1000000000000000,12345678901234567,-0,-7,-1023,' +
      '0.5,1e3,1E-2,-0.0,100,true,false,null,[true],{"t":null,"f":false}]';
    everySplit(text, (out, p) => {
      expect(p.failed).toBe(false);
      expect(out).toBe(prettyJson(JSON.parse(text)));
    });
    for (const bad of ['[007]', '[-]', '[1.]', '[truex]', '[nul]', '[True]', '[falsey]', '[0x1]']) {
      expect(() => JSON.parse(bad)).toThrow();
      everySplit(bad, (_out, p) => expect(p.failed, bad).toBe(true));
    }
  });

  it('finds control characters in strings of compact and of spaced JSON, wherever pieces end', () => {
    // Control characters are looked for once per piece; strings are checked one by one only
    // in a piece that has some (JS escapes here: the JSON text holds the characters themselves).
    for (const bad of ['["ok","a\u0001"]', '["a","b\tc"]', '[\n"a\u001fb"]', '["\n"]']) {
      expect(() => JSON.parse(bad)).toThrow();
      everySplit(bad, (_out, p) => expect(p.failed, bad).toBe(true));
    }
    const good = '[\n "a\\u0001\\n\\t",\n "plain",\n "\\"q\\""\n]';
    everySplit(good, (out, p) => {
      expect(p.failed).toBe(false);
      expect(out).toBe(prettyJson(JSON.parse(good)));
    });
  });

  it('rewrites escapes to JSON.stringify’s form and keeps the canonical ones', () => {
    const text = String.raw`["\n\t\"\\", "\u000a\u001F\u00E9\/", "\uD83D\uDE00 \uDEAD", "\\u0041", "\b\f\r"]`;
    everySplit(text, (out, p) => {
      expect(p.failed).toBe(false);
      expect(out).toBe(prettyJson(JSON.parse(text)));
    });
  });

  it('joins a multi-byte character split across pieces (after TextDecoder stream decoding)', () => {
    const bytes = new TextEncoder().encode('{"path":"é/😀/日本.go","n":[1,2]}');
    for (let i = 0; i <= bytes.length; i++) {
      const dec = new TextDecoder();
      const p = new JsonStreamPrinter();
      p.write(dec.decode(bytes.subarray(0, i), { stream: true }));
      p.write(dec.decode(bytes.subarray(i), { stream: true }) + dec.decode());
      p.end();
      expect(p.failed).toBe(false);
      expect(p.takeLines()).toEqual(['{ "path": "é/😀/日本.go", "n": [1, 2] }']);
    }
  });

  it('shows the first lines before the rest has arrived', () => {
    const results = Array.from({ length: 50 }, (_, i) => ({ path: `dir/file${i}.go`, n: i }));
    const text = JSON.stringify({ data: { search: { results } } });
    const p = new JsonStreamPrinter();
    p.write(text.slice(0, 200));
    const first = p.takeLines();
    expect(first.slice(0, 4)).toEqual([
      '{',
      '  "data": {',
      '    "search": {',
      '      "results": [',
    ]);
    expect(first).toContain('        { "path": "dir/file0.go", "n": 0 },');
    // Only whole lines: the line in progress comes with the next ones.
    expect(p.takeLines()).toEqual([]);
    p.write(text.slice(200));
    p.end();
    expect([...first, ...p.takeLines()].join('\n')).toBe(prettyJson(JSON.parse(text)));
  });

  it('fails on invalid JSON wherever the error arrives', () => {
    for (const bad of [
      '{"a":1,}',
      '{"a" 1}',
      '[1 2]',
      '{"a":tru}',
      '{"a":01}',
      '{"a":"\u0001"}',
      '{"a":"\\x"}',
      '{"a":1}}',
      '{"a":1} x',
      '{"a":[1,2',
      '"open',
      '<!DOCTYPE html><html><body>Bad gateway</body></html>',
      '{"data":{"x":1}}<html>',
    ]) {
      expect(() => JSON.parse(bad)).toThrow();
      everySplit(bad, (_out, p) => expect(p.failed, bad).toBe(true));
    }
  });

  it('gathers the GraphQL facts: data present and non-null, the errors', () => {
    const errors = [{ message: 'boom', locations: [{ line: 1, column: 2 }], path: ['a', 0] }];
    const cases: [unknown, { isGraphQL: boolean; hasData: boolean; rawErrors: unknown[] }][] = [
      [{ data: { a: 1 } }, { isGraphQL: true, hasData: true, rawErrors: [] }],
      [
        { data: null, errors },
        { isGraphQL: true, hasData: false, rawErrors: errors },
      ],
      [
        { errors, data: { a: [1] } },
        { isGraphQL: true, hasData: true, rawErrors: errors },
      ],
      [{ errors: 'x' }, { isGraphQL: true, hasData: false, rawErrors: [] }],
      [{ other: { data: 1, errors } }, { isGraphQL: false, hasData: false, rawErrors: [] }],
      [[{ data: 1 }], { isGraphQL: false, hasData: false, rawErrors: [] }],
      [{ data: false }, { isGraphQL: true, hasData: true, rawErrors: [] }],
    ];
    for (const [v, facts] of cases) {
      const text = JSON.stringify(v);
      everySplit(text, (_out, p) => expect(p.facts()).toEqual(facts));
    }
  });
});
