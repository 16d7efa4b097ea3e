import { describe, expect, it } from 'vitest';
import { posixQuote, shellQuoteJoin } from './shell-quote';
import { splitShellWords } from './shell-words';

// The table of go-shellquote's own quote_test.go, plus the -d example of `src api -get-curl`.
describe('shellQuoteJoin (go-shellquote Join)', () => {
  it.each<[string[], string]>([
    [['test'], 'test'],
    [['hello goodbye'], "'hello goodbye'"],
    [['hello', 'goodbye'], 'hello goodbye'],
    [
      ["don't you know the dewey decimal system?"],
      "'don'\\''t you know the dewey decimal system?'",
    ],
    [["don't", 'system?'], "don\\'t system\\?"],
    [['~user', 'u~ser', ' ~user', '!~user'], "\\~user u~ser ' ~user' \\!~user"],
    [['foo*', 'M{ovies,usic}', 'ab[cd]', '%3'], 'foo\\* M\\{ovies,usic} ab\\[cd] %3'],
    [['one', '', 'three'], "one '' three"],
    [['some(parentheses)'], 'some\\(parentheses\\)'],
    [['$some_ot~her_)spe!cial_*_characters'], '\\$some_ot~her_\\)spe\\!cial_\\*_characters'],
    [
      ['tabs\tand', 'spaces and', 'newlines\n', '-\noh my!'],
      "'tabs\tand' 'spaces and' 'newlines\n' '-\noh my!'",
    ],
    [['⋃ₙⅰ𝄴𝕺Ⅾ€', '⋃ ₙ ⅰ 𝄴 𝕺 Ⅾ €'], "⋃ₙⅰ𝄴𝕺Ⅾ€ '⋃ ₙ ⅰ 𝄴 𝕺 Ⅾ €'"],
    [['$'], '\\$'],
    [['~'], '\\~'],
    [['~$'], '\\~\\$'],
    [['$~'], '\\$~'],
    [["'quoted'"], "\\'quoted\\'"],
    [['"quoted"'], '\\"quoted\\"'],
    [['"quoted with spaces"'], '\'"quoted with spaces"\''],
    [["'"], "\\'"],
    [["'''"], "\\'\\'\\'"],
    [["' "], "\\'' '"],
    [["''' "], "\\'\\'\\'' '"],
    [[" '"], "' '\\'"],
    [[" '''"], "' '\\'\\'\\'"],
    [["a''b c"], "'a'\\'\\''b c'"],
    [
      ['-d', '{"query":"{currentUser{username}}","variables":{}}'],
      '-d \\{\\"query\\":\\"\\{currentUser\\{username}}\\",\\"variables\\":\\{}}',
    ],
  ])('%j', (words, expected) => {
    const quoted = shellQuoteJoin(words);
    expect(quoted).toBe(expected);
    expect(splitShellWords(quoted)).toEqual({ ok: true, words });
  });
});

describe('posixQuote', () => {
  it.each([
    ['plain', 'plain'],
    ['https://x.example.com:8080/a', 'https://x.example.com:8080/a'],
    ['a b', "'a b'"],
    ["it's", "'it'\\''s'"],
    ['$HOME', "'$HOME'"],
    ['', "''"],
    ['#x', "'#x'"],
  ])('%j', (word, expected) => {
    expect(posixQuote(word)).toBe(expected);
    expect(splitShellWords(posixQuote(word))).toEqual({ ok: true, words: [word] });
  });
});

describe('splitShellWords', () => {
  it.each<[string, string[]]>([
    ['a  b\tc', ['a', 'b', 'c']],
    ["'a b'c", ['a bc']],
    ['"a \\"b\\" \\$x \\q"', ['a "b" $x \\q']],
    ['a\\\nb', ['ab']],
    ['curl \\\n   -d x', ['curl', '-d', 'x']],
    ["''", ['']],
  ])('%j', (input, words) => {
    expect(splitShellWords(input)).toEqual({ ok: true, words });
  });

  it.each(["'open", '"open', 'trailing\\'])('reports unterminated input %j', (input) => {
    expect(splitShellWords(input).ok).toBe(false);
  });
});
