import { CompletionContext } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { variablesCompletion } from './variables-completion';

const schema = buildSchema('type Query { s(q: String!, k: Kind, n: Int): Int } enum Kind { A B }');
const query = 'query ($q: String!, $k: Kind, $n: Int) { s(q: $q, k: $k, n: $n) }';

function complete(doc: string, explicit = false) {
  const pos = doc.indexOf('|');
  const text = doc.replace('|', '');
  const state = EditorState.create({ doc: text, extensions: [json()] });
  ensureSyntaxTree(state, state.doc.length, 1000);
  const source = variablesCompletion({ current: { query, schema } });
  const r = source(new CompletionContext(state, pos, explicit));
  return r && { from: r.from, labels: r.options.map((o) => o.label) };
}

describe('variablesCompletion', () => {
  it('offers missing variable names after an opening quote, replacing the auto-closed quote', () => {
    expect(complete('{\n  "|"\n}')).toEqual({ from: 4, labels: ['"q"', '"k"', '"n"'] });
  });

  it('works while the object is not closed yet', () => {
    expect(complete('{\n  "|"')?.labels).toEqual(['"q"', '"k"', '"n"']);
    expect(complete('{\n  |', true)?.labels).toEqual(['"q"', '"k"', '"n"']);
  });

  it('leaves out variables already present', () => {
    expect(complete('{"q": "x", "|"}')?.labels).toEqual(['"k"', '"n"']);
  });

  it('offers enum values in the value position of an enum variable', () => {
    expect(complete('{"k": |}', true)?.labels).toEqual(['"A"', '"B"']);
  });

  it('offers nothing inside nested values', () => {
    expect(complete('{"q": {"|"}}')).toBeNull();
  });
});
