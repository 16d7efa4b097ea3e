/**
 * Property tests for the cost estimator (issue 7, hardening): it never throws, whatever the
 * document, and it agrees with graphql-js on what parses.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Lexer, Source, TokenKind, parse, print } from 'graphql';
import { MAX_NESTING, estimateQueryCost, nestingDepth } from './cost-estimate.ts';
import type { CostEstimate } from './cost-limits.ts';

/** The reasons the estimator may give for a document graphql-js parses (its own contract). */
const ESTIMATE_ERRORS =
  /^(unknown fragment "|fragment cycle: |missing nonnull variable: "|unsupported value|inline fragment without type condition)/;

/** A GraphQL-ish document generator: mostly valid, with the quirky corners the walk handles. */
const name = fc.constantFrom(
  'a',
  'b',
  'nodes',
  '__typename',
  'repositories',
  'user',
  'query',
  'a',
  'b',
);
const fragName = fc.constantFrom('F', 'G', 'H', 'Frag_1', 'F', 'G');
const typeName = fc.constantFrom('User', 'Repository', 'Node', 'Query');
const varName = fc.constantFrom('n', 'm', 'b', 'q');
const ws = fc.constantFrom(' ', '\n', ',', '\t', ' # a comment { [ ( " \n', '\r\n', '');
/** Characters of a valid quoted string, brackets and comment marks included. */
const stringChars = fc.constantFrom(
  'a',
  '{',
  '}',
  '[',
  ']',
  '(',
  ')',
  '\\"',
  '\\\\',
  '#',
  ' ',
  'é',
  '\\u00e9',
);
/** Characters of a block string: raw quotes, backslashes and newlines are allowed there. */
const blockChars = fc.constantFrom('a', '{', '}', '(', '"', '\\', '\n', '#', '\\"""', '" ');

const intLit = fc.oneof(
  fc.integer({ min: -5, max: 2000 }).map(String),
  fc.constantFrom('0', '-0', '2147483647', '99999999999999999999', '9'.repeat(400)),
);
const strLit = fc.array(stringChars, { maxLength: 6 }).map((p) => `"${p.join('')}"`);
const blockStrLit = fc.array(blockChars, { maxLength: 6 }).map((p) => `"""${p.join('')}"""`);

const { value } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    intLit,
    varName.map((v) => `$${v}`),
    strLit,
    blockStrLit,
    fc.constantFrom('true', 'null', 'ENUM_V', '1.5e3'),
    fc.array(tie('value'), { maxLength: 3 }).map((vs) => `[${vs.join(' ')}]`),
    fc
      .array(fc.tuple(name, tie('value')), { maxLength: 2 })
      .map((kv) => `{${kv.map(([k, v]) => `${k}: ${v}`).join(' ')}}`),
  ),
}));

const argName = fc.constantFrom('first', 'last', 'first', 'after', 'query');
const args = fc
  .array(fc.tuple(argName, value), { maxLength: 2 })
  .map((as) => (as.length ? `(${as.map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''));
const directive = fc.constantFrom('', '', ' @include(if: $b)', ' @skip(if: true)');

const { selectionSet } = fc.letrec<{ selectionSet: string; selection: string }>((tie) => ({
  selection: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .tuple(fc.option(name), name, args, directive, fc.option(tie('selectionSet'), { freq: 2 }))
      .map(([alias, n, a, d, set]) => `${alias ? `${alias}: ` : ''}${n}${a}${d}${set ?? ''}`),
    fragName.map((f) => `...${f}`),
    fc
      .tuple(fc.option(typeName, { freq: 4 }), directive, tie('selectionSet'))
      .map(([t, d, set]) => `... ${t ? `on ${t}` : ''}${d} ${set}`),
  ),
  selectionSet: fc
    .tuple(fc.array(fc.tuple(tie('selection'), ws), { minLength: 1, maxLength: 4 }), ws)
    .map(([sels, w]) => `{${w}${sels.map(([s, sw]) => s + sw + ' ').join('')}}`),
}));

const varType = fc.constantFrom('Int', 'Int!', '[Int]', 'String!', 'Boolean');
const varDefs = fc
  .array(fc.tuple(varName, varType, fc.option(intLit)), { maxLength: 3 })
  .map((vs) =>
    vs.length
      ? `(${vs.map(([v, t, d]) => `$${v}: ${t}${d !== null ? ` = ${d}` : ''}`).join(' ')})`
      : '',
  );
const operation = fc.oneof(
  selectionSet,
  fc
    .tuple(
      fc.constantFrom('query', 'mutation', 'subscription'),
      fc.option(fc.constantFrom('Q', 'Other', 'on')),
      varDefs,
      selectionSet,
    )
    .map(([kw, n, v, s]) => `${kw} ${n ?? ''}${v} ${s}`),
);
const fragment = fc
  .tuple(fragName, typeName, directive, selectionSet)
  .map(([f, t, d, s]) => `fragment ${f} on ${t}${d} ${s}`);
const document = fc
  .array(fc.tuple(fc.oneof({ arbitrary: operation, weight: 3 }, fragment), ws), {
    minLength: 1,
    maxLength: 4,
  })
  .map((defs) => defs.map(([d, w]) => d + w + '\n').join(''));

/** A document damaged at one place: characters deleted, or a token inserted. */
const damaged = fc
  .tuple(
    document,
    fc.nat(),
    fc.nat({ max: 4 }),
    fc.constantFrom('', '{', '}', '"', '...', '$', '(', 'on', '"""', '#', '\\'),
  )
  .map(([doc, at, del, ins]) => {
    const i = at % (doc.length + 1);
    return doc.slice(0, i) + ins + doc.slice(i + del);
  });

const anyText = fc.oneof(
  { arbitrary: document, weight: 4 },
  { arbitrary: damaged, weight: 4 },
  { arbitrary: fc.string({ maxLength: 60 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
  {
    arbitrary: fc
      .array(
        fc.constantFrom(
          '{',
          '}',
          '(',
          ')',
          '[',
          ']',
          '"',
          '"""',
          'a',
          ' ',
          '...',
          '#',
          '\n',
          '\\',
          '$n',
          ':',
          'on',
        ),
        { maxLength: 40 },
      )
      .map((t) => t.join('')),
    weight: 2,
  },
);

const variables = fc.oneof(
  fc.constant(undefined),
  fc.record(
    { n: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)), m: fc.anything() },
    { requiredKeys: [] },
  ),
);

function parseError(text: string): string | undefined {
  try {
    parse(text);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** Bracket depth as graphql-js's own lexer sees it, or undefined when it cannot tokenize. */
function lexerDepth(text: string): number | undefined {
  const lexer = new Lexer(new Source(text));
  let depth = 0;
  let max = 0;
  try {
    for (let t = lexer.advance(); t.kind !== TokenKind.EOF; t = lexer.advance()) {
      if (
        t.kind === TokenKind.BRACE_L ||
        t.kind === TokenKind.PAREN_L ||
        t.kind === TokenKind.BRACKET_L
      ) {
        depth++;
        max = Math.max(max, depth);
      } else if (
        t.kind === TokenKind.BRACE_R ||
        t.kind === TokenKind.PAREN_R ||
        t.kind === TokenKind.BRACKET_R
      ) {
        if (depth > 0) depth--;
      }
    }
  } catch {
    return undefined;
  }
  return max;
}

function expectWellFormed(r: CostEstimate): void {
  if (r.ok) {
    for (const v of Object.values(r.cost)) {
      expect(typeof v).toBe('number');
      expect(Number.isNaN(v)).toBe(false);
      expect(v).toBeGreaterThanOrEqual(0);
    }
    expect(r.cost.fieldCount).toBeGreaterThanOrEqual(1);
    expect(r.cost.maxDepth).toBeGreaterThanOrEqual(1);
  } else {
    expect(typeof r.error).toBe('string');
    expect(r.error.length).toBeGreaterThan(0);
  }
}

describe('estimateQueryCost (properties)', () => {
  it('never throws and always returns a well-formed estimate', () => {
    fc.assert(
      fc.property(anyText, variables, (text, vars) => {
        expectWellFormed(estimateQueryCost(text, vars as Record<string, unknown> | undefined));
      }),
      { numRuns: 3000 },
    );
  });

  it('fails with graphql-js parse error exactly when graphql-js cannot parse the document', () => {
    let parsed = 0;
    let refused = 0;
    fc.assert(
      fc.property(anyText, (text) => {
        const r = estimateQueryCost(text);
        if (nestingDepth(text) > MAX_NESTING) {
          expect(r.ok).toBe(false);
          return;
        }
        const err = parseError(text);
        if (err !== undefined) {
          refused++;
          expect(r).toEqual({ ok: false, error: err });
        } else {
          parsed++;
          if (!r.ok) expect(r.error).toMatch(ESTIMATE_ERRORS);
        }
      }),
      { numRuns: 3000 },
    );
    // The generators must exercise both sides, or the property proves nothing.
    expect(parsed).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(300);
  });

  it('gives the same estimate after graphql-js reprints the document (layout-independent)', () => {
    fc.assert(
      fc.property(document, (text) => {
        if (parseError(text) !== undefined) return;
        const a = estimateQueryCost(text);
        const b = estimateQueryCost(print(parse(text)));
        expect(b.ok).toBe(a.ok);
        if (a.ok && b.ok) {
          expect(b.cost).toEqual(a.cost);
          expect(b.hotspot?.name).toEqual(a.hotspot?.name);
          expect(b.hotspot?.fieldCount).toEqual(a.hotspot?.fieldCount);
        } else if (!a.ok && !b.ok) {
          expect(b.error).toBe(a.error);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('measures bracket nesting exactly as the graphql-js lexer tokenizes it', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const depth = lexerDepth(text);
        if (depth !== undefined) expect(nestingDepth(text)).toBe(depth);
      }),
      { numRuns: 3000 },
    );
  });

  it('handles any nesting depth without throwing: estimates up to the guard, refuses beyond', () => {
    const shapes: ((d: number) => string)[] = [
      (d) => '{a'.repeat(d) + '}'.repeat(d),
      (d) => '{' + '... on User {'.repeat(d) + 'a' + '}'.repeat(d + 1),
      (d) => `{a(first: ${'['.repeat(d)}1${']'.repeat(d)}) { b } }`,
      (d) => `{a(x: ${'{k: '.repeat(d)}1${'}'.repeat(d)})}`,
      (d) => '{' + 'a(first: 2) {'.repeat(d) + 'b' + '}'.repeat(d + 1),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...shapes),
        fc.oneof(
          fc.integer({ min: 1, max: MAX_NESTING + 20 }),
          fc.integer({ min: 1, max: 20_000 }),
        ),
        (shape, d) => {
          const text = shape(d);
          const r = estimateQueryCost(text);
          expectWellFormed(r);
          if (nestingDepth(text) > MAX_NESTING) expect(r.ok).toBe(false);
          else if (parseError(text) !== undefined) expect(r.ok).toBe(false);
          else if (!r.ok) expect(r.error).toMatch(ESTIMATE_ERRORS);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never lets a first/last value of any size turn a count into NaN', () => {
    const limit = fc.oneof(
      fc.integer({ min: -3, max: 3000 }).map(String),
      fc.bigInt({ min: 0n, max: 10n ** 400n }).map(String),
      fc.constantFrom('9223372036854775807', '9223372036854775808', '9'.repeat(309)),
    );
    const viaVariable = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.bigInt({ min: 0n, max: 10n ** 400n }).map(String),
    );
    fc.assert(
      fc.property(limit, limit, viaVariable, (x, y, n) => {
        const text = `query($n: Int) { a(first: ${x}) { b(last: ${y}) { c } d(first: $n) { e } f } g }`;
        expectWellFormed(estimateQueryCost(text, { n }));
      }),
      { numRuns: 500 },
    );
  });

  it('reports fragment cycles of any length instead of looping', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.nat(), (n, k) => {
        const start = k % n;
        const frags = Array.from(
          { length: n },
          (_, i) => `fragment F${i} on User { a ...F${(i + 1) % n} }`,
        );
        const text = `{ user { ...F${start} } }\n${frags.join('\n')}`;
        const r = estimateQueryCost(text);
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error).toMatch(/^fragment cycle: /);
      }),
      { numRuns: 100 },
    );
  });
});
