import { getIntrospectionQuery, parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { prettifyQuery } from './prettify';

const SHORT_DOCS = [
  'query Q($a: Int = 1 $b: [String!]!) @x(y: 1) { a(o: {a: 1, b: [1 2]}) ...F ... on T { b } } fragment F on T { c }',
  '{a:b(x:$v) @include(if: true) @skip(if: false) c ... @include(if: $x) { d } ...F @x}',
  'mutation { add(input: {name: "x\\"y", tags: ["a", "b"], n: -1.5e3, e: ENUM, z: null}) { id } }',
  '{ on { on } ... on on { on } }',
];

describe('prettifyQuery', () => {
  it.each(SHORT_DOCS)('formats comment-free %j exactly like graphql print', (doc) => {
    const r = prettifyQuery(doc);
    expect(r).toEqual({ ok: true, text: print(parse(doc)), commentsLost: false });
  });

  it('keeps block strings verbatim', () => {
    const r = prettifyQuery('subscription S { s(t: """\n  block\n""") }');
    expect(r.ok && r.text).toBe('subscription S {\n  s(t: """\n  block\n""")\n}');
  });

  it('keeps the introspection query equivalent', () => {
    const doc = getIntrospectionQuery({ descriptions: true, specifiedByUrl: true });
    const r = prettifyQuery(doc);
    expect(r.ok && print(parse(r.text))).toBe(print(parse(doc)));
  });

  it('keeps comments: on their own line, trailing, and between definitions', () => {
    const r = prettifyQuery(
      '# top\nquery Q { # after brace\n  a # trailing a\n  # own line\n  b(x: 1, y: "s") { c } }\n# between\n{ d }',
    );
    expect(r).toEqual({
      ok: true,
      commentsLost: false,
      text: [
        '# top',
        'query Q { # after brace',
        '  a # trailing a',
        '  # own line',
        '  b(x: 1, y: "s") {',
        '    c',
        '  }',
        '}',
        '',
        '# between',
        '{',
        '  d',
        '}',
      ].join('\n'),
    });
  });

  it('is idempotent', () => {
    const once = prettifyQuery('# c\n{ a(x: 1) { b # t\n } }');
    expect(once.ok).toBe(true);
    if (once.ok) expect(prettifyQuery(once.text)).toEqual(once);
  });

  it('returns the syntax error with its position and changes nothing', () => {
    expect(prettifyQuery('{\n  a(\n}')).toEqual({
      ok: false,
      message: 'Syntax Error: Expected Name, found "}".',
      line: 3,
      column: 1,
    });
  });
});
