import { EditorState, type TransactionSpec } from '@codemirror/state';
import { Decoration, type DecorationSet } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { typedNewWord } from './deferred-highlight';

// `{ a }` with `{` and `a` coloured, as a highlighter would leave them.
const doc = '{ a }';
const mark = Decoration.mark({ class: 'c' });
const marks: DecorationSet = Decoration.set([mark.range(0, 1), mark.range(2, 3), mark.range(4, 5)]);

function deferred(spec: TransactionSpec, userEvent = 'input.type'): boolean {
  const tr = EditorState.create({ doc }).update({ ...spec, userEvent });
  return typedNewWord([tr], tr.changes, marks);
}

describe('typedNewWord', () => {
  it('is a word typed where no coloured text touches it', () => {
    expect(deferred({ changes: { from: 2, insert: 'b ' } })).toBe(false); // a space in it
    const spaced = EditorState.create({ doc: '{  }' }).update({
      changes: { from: 2, insert: 'id' },
      userEvent: 'input.type',
    });
    expect(
      typedNewWord([spaced], spaced.changes, Decoration.set([mark.range(0, 1), mark.range(3, 4)])),
    ).toBe(true);
  });

  it('is not a letter that extends a coloured word, at its end or its start', () => {
    expect(deferred({ changes: { from: 3, insert: 'b' } })).toBe(false);
    expect(deferred({ changes: { from: 2, insert: 'b' } })).toBe(false);
  });

  it('is not punctuation, a replacement, two places or another kind of edit', () => {
    const open = EditorState.create({ doc: '{  }' });
    const at = (spec: TransactionSpec, userEvent = 'input.type') => {
      const tr = open.update({ ...spec, userEvent });
      return typedNewWord([tr], tr.changes, Decoration.none);
    };
    expect(at({ changes: { from: 2, insert: 'x' } })).toBe(true);
    expect(at({ changes: { from: 2, insert: '"' } })).toBe(false);
    expect(at({ changes: { from: 1, to: 2, insert: 'x' } })).toBe(false);
    expect(
      at({
        changes: [
          { from: 1, insert: 'x' },
          { from: 3, insert: 'y' },
        ],
      }),
    ).toBe(false);
    expect(at({ changes: { from: 2, insert: 'x' } }, 'input.paste')).toBe(false);
    expect(at({ changes: { from: 2, insert: 'x' } }, 'input.complete')).toBe(false);
  });

  it('needs every transaction of the update to be typing', () => {
    const state = EditorState.create({ doc: '{  }' });
    const typed = state.update({ changes: { from: 2, insert: 'x' }, userEvent: 'input.type' });
    const other = typed.state.update({ selection: { anchor: 0 } });
    expect(typedNewWord([typed, other], typed.changes, Decoration.none)).toBe(false);
    expect(typedNewWord([], typed.changes, Decoration.none)).toBe(false);
  });
});
