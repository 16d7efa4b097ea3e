/**
 * Property tests for the string literals of Copy as code: hostile text (quotes of every kind,
 * backslashes, `${}`, `"""`, backticks, line breaks, NUL, bidi and zero-width characters,
 * lone surrogates, any unicode) read back by the language itself — JavaScript in a `vm`
 * context, Python by `python3` — equals the text. Go has no toolchain on the test machines: its
 * literals are read by a decoder written here from the Go specification ("String literals"),
 * independently of `go-literal.ts`.
 */
import { execFileSync } from 'node:child_process';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goMultiline, goRawJson, goString } from './go-literal.ts';
import { HIDDEN } from './hidden-chars.ts';
import { jsString, jsTemplate, jsValue } from './js-literal.ts';
import { pyString, pyTripleString, pyValue } from './python-literal.ts';

const piece = fc.constantFrom(
  "'",
  '"',
  '"""',
  "'''",
  '`',
  '${',
  '${x}',
  '}',
  '\\',
  '\\n',
  '\\u0041',
  '\n',
  '\r',
  '\r\n',
  '\t',
  '\u0000',
  '\u007f',
  '\u0085',
  '\u00ad',
  '\u200b',
  '\u200d',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u2066',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\u{e0041}',
  'é',
  'ü',
  '😀',
  '#',
  '%',
  'a',
  ' ',
);
const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((u) => String.fromCharCode(u));
/** Strings made of the pieces above, any code points, and lone surrogates. */
const hostile = fc.oneof(
  fc.array(piece, { maxLength: 16 }).map((p) => p.join('')),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc
    .array(fc.oneof(piece, surrogate, fc.string({ unit: 'binary', maxLength: 2 })), {
      maxLength: 10,
    })
    .map((p) => p.join('')),
);
/** JSON values as `JSON.parse` gives them, with hostile keys and strings (and `__proto__`). */
const jsonValue = fc
  .jsonValue({ maxDepth: 3 })
  .chain((v) =>
    fc
      .dictionary(fc.oneof(hostile, fc.constant('__proto__')), fc.oneof(hostile, fc.constant(v)), {
        maxKeys: 4,
      })
      .map((d) => ({ d, v })),
  )
  .map(({ d, v }) => JSON.parse(JSON.stringify([v, d])) as unknown);

/** Lone surrogates replaced by U+FFFD (String.prototype.toWellFormed). */
function wellFormed(s: string): string {
  return s.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
}

/** The literal writes no hidden character as itself (line feeds and tabs where `lines` allows). */
function visible(literal: string, lines: boolean): boolean {
  for (const ch of literal) {
    if (lines && (ch === '\n' || ch === '\t')) continue;
    if (HIDDEN.test(ch)) return false;
  }
  return true;
}

describe('JavaScript literals read back by JavaScript', () => {
  it('jsString: one line, the same text', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const lit = jsString(s);
        expect(visible(lit, false)).toBe(true);
        expect(runInNewContext(lit)).toBe(s);
      }),
      { numRuns: 500 },
    );
  });

  it('jsTemplate: keeps line breaks, no carriage return, no interpolation, the same text', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const lit = jsTemplate(s);
        expect(visible(lit, true)).toBe(true);
        // `${x}` would throw (x is not defined) if anything were interpolated.
        expect(runInNewContext(lit)).toBe(s);
      }),
      { numRuns: 500 },
    );
  });

  it('jsValue: an expression whose value is the same JSON (`__proto__` stays a key)', () => {
    fc.assert(
      fc.property(jsonValue, (v) => {
        const lit = jsValue(v, '  ');
        expect(JSON.stringify(runInNewContext(`(${lit})`))).toBe(JSON.stringify(v));
      }),
      { numRuns: 300 },
    );
    expect(jsValue(JSON.parse('{"__proto__":{"a":1}}'))).toBe(
      "{\n  ['__proto__']: {\n    a: 1,\n  },\n}",
    );
  });
});

/** Runs python3 once on a list of expressions; what each evaluates to, as JSON (`ensure_ascii`). */
function pythonEval(exprs: string[]): unknown[] {
  const program =
    'import json, sys\n' +
    `values = [\n${exprs.map((e) => `${e},\n`).join('')}]\n` +
    'sys.stdout.write(json.dumps(values))\n';
  return JSON.parse(execFileSync('python3', ['-c', program], { encoding: 'utf8' })) as unknown[];
}

describe('Python literals read back by python3', () => {
  // One python3 per run of a property: each run checks a batch.
  it('pyString and pyTripleString: the same text (surrogates included)', () => {
    fc.assert(
      fc.property(fc.array(hostile, { minLength: 1, maxLength: 40 }), (batch) => {
        for (const s of batch) {
          expect(visible(pyString(s), false)).toBe(true);
          expect(visible(pyTripleString(s), true)).toBe(true);
        }
        const read = pythonEval(batch.flatMap((s) => [pyString(s), pyTripleString(s)]));
        expect(read).toEqual(batch.flatMap((s) => [s, s]));
      }),
      { numRuns: 6 },
    );
  });

  it('pyValue: json.dumps writes back the same JSON', () => {
    fc.assert(
      fc.property(fc.array(jsonValue, { minLength: 1, maxLength: 20 }), (batch) => {
        const read = pythonEval(batch.map((v) => pyValue(v, '    ')));
        expect(JSON.stringify(read)).toBe(JSON.stringify(batch));
      }),
      { numRuns: 5 },
    );
  });
});

/**
 * Reads a Go constant expression of string literals joined by `+`, per the Go specification:
 * raw strings are their text with carriage returns dropped; interpreted strings know `\a \b \f
 * \n \r \t \v \\ \"`, `\xNN` (a byte), `\NNN` (octal byte), `\uNNNN` and `\UNNNNNNNN` (a code
 * point; surrogate halves and values past U+10FFFF are errors). Bytes are read as UTF-8.
 */
function readGo(expr: string): string {
  const bytes: number[] = [];
  const utf8 = (cp: number) => bytes.push(...new TextEncoder().encode(String.fromCodePoint(cp)));
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${i} in ${expr}`);
  };
  for (;;) {
    if (expr[i] === '`') {
      const end = expr.indexOf('`', i + 1);
      if (end < 0) fail('unterminated raw string');
      const text = expr.slice(i + 1, end);
      if (/[\0\ufeff]/.test(text)) fail('NUL or BOM in source');
      bytes.push(...new TextEncoder().encode(text.replace(/\r/g, '')));
      i = end + 1;
    } else if (expr[i] === '"') {
      i++;
      while (expr[i] !== '"') {
        if (i >= expr.length || expr[i] === '\n') fail('unterminated string');
        const c = expr[i]!;
        if (c !== '\\') {
          const cp = expr.codePointAt(i)!;
          if (cp >= 0xd800 && cp <= 0xdfff) fail('lone surrogate in source');
          if (cp === 0 || cp === 0xfeff) fail('NUL or BOM in source');
          utf8(cp);
          i += cp > 0xffff ? 2 : 1;
          continue;
        }
        const e = expr[i + 1]!;
        const simple: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11 };
        let width = 2;
        if (e in simple) bytes.push(simple[e]!);
        else if (e === '\\' || e === '"') bytes.push(e.charCodeAt(0));
        else if (e === 'x') {
          bytes.push(parseInt(expr.slice(i + 2, i + 4), 16));
          width = 4;
        } else if (e === 'u' || e === 'U') {
          const n = e === 'u' ? 4 : 8;
          const digits = expr.slice(i + 2, i + 2 + n);
          if (!/^[0-9a-fA-F]+$/.test(digits) || digits.length !== n) fail('bad escape');
          const cp = parseInt(digits, 16);
          if ((cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) fail('invalid code point');
          utf8(cp);
          width = 2 + n;
        } else if (/[0-7]/.test(e)) {
          bytes.push(parseInt(expr.slice(i + 1, i + 4), 8));
          width = 4;
        } else fail(`unknown escape \\${e}`);
        i += width;
      }
      i++;
    } else fail('expected a string literal');
    if (i === expr.length) break;
    if (expr.slice(i, i + 3) !== ' + ') fail('expected +');
    i += 3;
  }
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(new Uint8Array(bytes));
}

describe('Go literals read back by the specification', () => {
  it('goString: one interpreted literal, the same text (lone surrogates as U+FFFD)', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const lit = goString(s);
        expect(lit).toMatch(/^"[^\n]*"$/);
        expect(visible(lit, false)).toBe(true);
        expect(readGo(lit)).toBe(wellFormed(s));
      }),
      { numRuns: 500 },
    );
  });

  it('goMultiline: raw strings where they can be, the same text', () => {
    fc.assert(
      fc.property(hostile, (s) => {
        const lit = goMultiline(s);
        expect(visible(lit, true)).toBe(true);
        expect(readGo(lit)).toBe(wellFormed(s));
      }),
      { numRuns: 500 },
    );
    expect(goMultiline('query {\n\tuser(q: "`x`")\n}')).toBe(
      '`query {\n\tuser(q: "` + "`" + `x` + "`" + `")\n}`',
    );
  });

  it('goRawJson: one raw string holding the same JSON', () => {
    fc.assert(
      fc.property(jsonValue, (v) => {
        const json = goRawJson(JSON.stringify(v, null, 2));
        const lit = '`' + json + '`';
        expect(visible(lit, true)).toBe(true);
        expect(JSON.stringify(JSON.parse(readGo(lit)))).toBe(JSON.stringify(v));
      }),
      { numRuns: 300 },
    );
  });
});
