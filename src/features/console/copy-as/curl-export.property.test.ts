/**
 * Property tests for the exported commands (issue 7, hardening): a POSIX shell reading the
 * command gets back exactly the JSON body and headers the console sends, and the token is
 * redacted unless asked for. The word splitter below is written independently of
 * `shell-words.ts` (from POSIX "Shell Command Language" §2.2 quoting rules), so both
 * implementations check each other.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toCurl } from './curl-export.ts';
import { REDACTED } from './redact.ts';
import { toSrcCommand } from './src-export.ts';
import { splitShellWords } from './shell-words.ts';

/**
 * POSIX word splitting with quote removal and no expansion: blanks and newlines separate words;
 * `\x` outside quotes is `x` (and `\<newline>` disappears); '...' is literal; inside "..." a
 * backslash escapes only `$`, `` ` ``, `"`, `\` and newline. Throws on anything a shell would
 * expand or treat as an operator, so an unquoted special character fails the test.
 */
function posixWords(input: string): string[] {
  const words: string[] = [];
  let cur: string | null = null;
  let i = 0;
  const add = (s: string) => {
    cur = (cur ?? '') + s;
  };
  while (i < input.length) {
    const c = input.charAt(i);
    if (c === ' ' || c === '\t' || c === '\n') {
      if (cur !== null) words.push(cur);
      cur = null;
      i++;
    } else if (c === '\\') {
      if (i + 1 >= input.length) throw new Error('trailing backslash');
      if (input[i + 1] !== '\n') add(input.charAt(i + 1));
      i += 2;
    } else if (c === "'") {
      const end = input.indexOf("'", i + 1);
      if (end < 0) throw new Error('unterminated single quote');
      add(input.slice(i + 1, end));
      i = end + 1;
    } else if (c === '"') {
      let s = '';
      i++;
      while (input[i] !== '"') {
        if (i >= input.length) throw new Error('unterminated double quote');
        if (input[i] === '$' || input[i] === '`') throw new Error(`expansion in "..." at ${i}`);
        if (input[i] === '\\' && '$`"\\\n'.includes(input[i + 1] ?? '')) {
          if (input[i + 1] !== '\n') s += input[i + 1];
          i += 2;
        } else s += input[i++];
      }
      add(s);
      i++;
    } else {
      // Unquoted characters a shell would act on: operators, expansions, globs, history, tilde.
      if ('|&;<>()$`*?[!'.includes(c)) throw new Error(`unquoted ${JSON.stringify(c)} at ${i}`);
      if (c === '~' && cur === null) throw new Error(`unquoted leading ~ at ${i}`);
      if (c === '#' && cur === null) throw new Error(`unquoted comment # at ${i}`);
      add(c);
      i++;
    }
  }
  if (cur !== null) words.push(cur);
  return words;
}

/** Lone surrogates replaced by U+FFFD (String.prototype.toWellFormed, ES2024). */
function wellFormed(s: string): string {
  return s.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
}

/** Strings heavy in the characters shells care about, plus any unicode. */
const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc
    .array(
      fc.constantFrom(
        "'",
        '"',
        '\\',
        '$',
        '`',
        '$(rm -rf ~)',
        '!',
        ' ',
        '\t',
        '\n',
        '\r',
        '~',
        '#',
        '*',
        '?',
        '[',
        ']',
        '{',
        '}',
        '|',
        '&',
        ';',
        '<',
        '>',
        '(',
        ')',
        '=',
        'é',
        '😀',
        '\u2028',
        '\u0000',
        'a',
        '-',
      ),
      { maxLength: 12 },
    )
    .map((p) => p.join('')),
);

const jsonValue = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)));
const variables = fc.dictionary(nasty, jsonValue, { maxKeys: 4 });
/** Header names are HTTP tokens; values are anything the Headers editor lets through. */
const headerName = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,12}$/);
const headers = fc.dictionary(headerName, nasty, { maxKeys: 3 }).map((h) =>
  // Secret-looking names are redacted (secret-headers.test.ts covers them).
  Object.fromEntries(
    Object.entries(h).filter(([k]) => !/auth|cookie|token|secret|key|session|passw/i.test(k)),
  ),
);
const token = fc.stringMatching(/^(sgp_[0-9a-f]{16}_)?[0-9a-f]{40}$/);
const scheme = fc.constantFrom('token', 'Bearer');
const endpoint = fc.constantFrom(
  'https://sourcegraph.example.com',
  'https://sourcegraph.example.com/',
  'http://127.0.0.1:4521',
  "https://host.example/a path/it's",
);

const request = fc.record({
  endpoint,
  token: fc.option(token),
  scheme,
  headers,
  query: nasty,
  variables,
  operationName: fc.option(fc.oneof(fc.constantFrom('Q', 'Other_1'), nasty)),
});

describe('toCurl (properties)', () => {
  it('a POSIX shell gets back exactly the headers and the JSON body', () => {
    fc.assert(
      fc.property(request, fc.boolean(), (r, redact) => {
        const authorization = r.token ? `${r.scheme} ${r.token}` : undefined;
        const body = {
          query: r.query,
          variables: r.variables,
          ...(r.operationName ? { operationName: r.operationName } : {}),
        };
        const cmd = toCurl({
          endpoint: r.endpoint,
          authorization,
          headers: r.headers,
          body,
          redactToken: redact,
        });
        const words = posixWords(cmd);
        // The project's splitter agrees with this independent one.
        expect(splitShellWords(cmd)).toEqual({ ok: true, words });

        expect(words[0]).toBe('curl');
        expect(words.at(-1)).toBe(r.endpoint.replace(/\/+$/, '') + '/.api/graphql');
        const sentHeaders: string[] = [];
        let data: string | undefined;
        for (let i = 1; i < words.length - 1; i += 2) {
          const value = words[i + 1];
          if (value === undefined) throw new Error(`no value after ${words[i]}`);
          if (words[i] === '-H') sentHeaders.push(value);
          else if (words[i] === '-d') data = value;
          else throw new Error(`unexpected word ${words[i]}`);
        }
        const expectedHeaders = [
          ...(authorization
            ? [`Authorization: ${redact ? `${r.scheme} ${REDACTED}` : authorization}`]
            : []),
          ...Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`),
          ...(Object.keys(r.headers).some((k) => k.toLowerCase() === 'content-type')
            ? []
            : ['Content-Type: application/json']),
        ];
        expect(sentHeaders).toEqual(expectedHeaders);
        expect(data).toBeDefined();
        expect(JSON.parse(data!)).toEqual(body);
        if (r.token && redact) expect(cmd).not.toContain(r.token);
      }),
      { numRuns: 1500 },
    );
  });

  it('writes lone surrogates as U+FFFD (as Go does) and everything else verbatim', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((c) => String.fromCharCode(c)),
          maxLength: 8,
        }),
        (q) => {
          const cmd = toCurl({
            endpoint: 'https://x',
            headers: {},
            body: { query: q, variables: {} },
            redactToken: true,
          });
          const words = posixWords(cmd);
          const sent = JSON.parse(words[words.indexOf('-d') + 1] ?? '').query as string;
          expect(sent).toBe(wellFormed(q));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('toSrcCommand (properties)', () => {
  it('a POSIX shell gets back exactly the query, the variables, and (only if asked) the token', () => {
    fc.assert(
      fc.property(request, fc.boolean(), (r, redact) => {
        const cmd = toSrcCommand({
          endpoint: r.endpoint,
          token: r.token ?? undefined,
          query: r.query,
          variables: r.variables,
          redactToken: redact,
        });
        expect(posixWords(cmd)).toEqual([
          'export',
          `SRC_ENDPOINT=${r.endpoint.replace(/\/+$/, '')}`,
          ...(r.token ? ['export', `SRC_ACCESS_TOKEN=${redact ? REDACTED : r.token}`] : []),
          'src',
          'api',
          `-query=${r.query}`,
          expect.stringMatching(/^-vars=/),
        ]);
        if (r.token && redact) expect(cmd).not.toContain(r.token);
        const vars = posixWords(cmd).at(-1)!.slice('-vars='.length);
        expect(JSON.parse(vars)).toEqual(r.variables);
      }),
      { numRuns: 1500 },
    );
  });
});
