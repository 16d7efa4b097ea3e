import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { plainParagraphs } from './plain-description.ts';

// The same Markdown options as lib/markdown.ts: a description the detector calls plain must
// render to exactly the paragraphs it returns, so skipping marked and DOMPurify changes nothing.
const marked = new Marked({ gfm: true, breaks: false, async: false });
const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const asMarked = (paragraphs: string[]) => paragraphs.map((p) => `<p>${escape(p)}</p>\n`).join('');

function expectSameAsMarked(text: string): void {
  const plain = plainParagraphs(text);
  if (plain) expect(asMarked(plain), JSON.stringify(text)).toBe(marked.parse(text));
}

describe('plainParagraphs', () => {
  it('takes the common case: sentences, several lines, paragraphs, snake_case words', () => {
    expect(plainParagraphs('Look up a code of conduct by its key')).toEqual([
      'Look up a code of conduct by its key',
    ]);
    expect(plainParagraphs('The user\'s name (if any), e.g. "Ada"; 100% done.')).toEqual([
      'The user\'s name (if any), e.g. "Ada"; 100% done.',
    ]);
    expect(plainParagraphs('First line\nsecond line\n\nNext paragraph')).toEqual([
      'First line\nsecond line',
      'Next paragraph',
    ]);
    expect(plainParagraphs('Uses the CREATED_AT field of repo_name')).toEqual([
      'Uses the CREATED_AT field of repo_name',
    ]);
    expect(plainParagraphs('Wow! It is #1 here')).toEqual(['Wow! It is #1 here']);
  });

  it('sends anything that could be Markdown or HTML to marked and the sanitiser', () => {
    const hostile = [
      '<img src=x onerror="window.__xss=1">',
      'The viewer. <img src=x onerror=alert(1)>',
      'Text <script>alert(1)</script>',
      'a <iframe src=javascript:alert(1)></iframe>',
      '[click](javascript:alert(1))',
      'See [docs][1]\n\n[1]: javascript:alert(1)',
      'Go to https://example.com now',
      'Go to www.example.com now',
      'Mail ada@example.com',
      'Escaped \\<b\\>',
      'An &lt;entity&gt; or &#60;',
      'Some `code` here',
      'Some *emphasis* here',
      'Some _emphasis_ here',
      'Trailing _ underscore',
      '_leading underscore',
      'Some ~~struck~~ text',
      'a | b\n--|--\n1 | 2',
      'Title\n=====',
      'Title\n-----',
      '# Heading',
      ' Leading space',
      '    indented code',
      'Text\n\n    indented code',
      '- item',
      '+ item',
      '1. item',
      '2) item',
      '> quote',
      'Hard break  \nnext',
      'Tab\there',
      'Carriage\r\nreturn',
      'Nul \u0000 char',
      '',
      '\n\n',
      'Ends with a space ',
      'Line\n \nafter a blank line with a space',
      '"Quoted" first',
    ];
    for (const text of hostile) expect(plainParagraphs(text), JSON.stringify(text)).toBeNull();
  });

  it('renders exactly as marked for every description of GitHub’s schema it takes', () => {
    const sdl = readFileSync(
      join(
        resolve(import.meta.dirname, '../../../..'),
        'node_modules/@octokit/graphql-schema/schema.graphql',
      ),
      'utf8',
    );
    const schema = buildSchema(sdl, { assumeValidSDL: true });
    let taken = 0;
    let all = 0;
    for (const t of Object.values(schema.getTypeMap())) {
      const texts = [t.description];
      if (isObjectType(t) || isInterfaceType(t))
        for (const f of Object.values(t.getFields()))
          texts.push(f.description, ...f.args.map((a) => a.description));
      if (isInputObjectType(t))
        for (const f of Object.values(t.getFields())) texts.push(f.description);
      if (isEnumType(t)) for (const v of t.getValues()) texts.push(v.description);
      for (const text of texts) {
        if (!text) continue;
        all++;
        if (plainParagraphs(text)) taken++;
        expectSameAsMarked(text);
      }
    }
    // Most of GitHub's descriptions are plain sentences: the fast path must take most of them.
    expect(taken / all).toBeGreaterThan(0.8);
  });

  it('renders exactly as marked for random text over Markdown’s special characters', () => {
    const alphabet = [
      'a',
      'B',
      'z',
      ' ',
      ' ',
      '_',
      '-',
      '=',
      '\n',
      '\n\n',
      '*',
      '`',
      '[',
      ']',
      '(',
      ')',
      '<',
      '>',
      '&',
      '#',
      '.',
      ':',
      '/',
      '@',
      'w',
      '!',
      '~',
      '|',
      '\\',
      '\t',
      '1',
      '"',
      "'",
      'www.',
      'http://',
    ];
    let seed = 42;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return (seed >>> 16) % n;
    };
    let taken = 0;
    for (let i = 0; i < 50_000; i++) {
      let text = 'Ab';
      const len = 1 + rand(8);
      for (let j = 0; j < len; j++) text += alphabet[rand(alphabet.length)];
      if (plainParagraphs(text)) taken++;
      expectSameAsMarked(text);
    }
    expect(taken).toBeGreaterThan(100);
  });
});
