import { describe, expect, it } from 'vitest';
import { setVariableValue } from './cost-hints-lint';
import type { EditorHandleLike } from './editor-handle.ts';

/** A Variables editor whose view has not been created yet (its text lives in the handle). */
function handle(text: string): EditorHandleLike & { text: string } {
  const h = {
    text,
    view: null,
    getValue: () => h.text,
    setValue: (t: string) => void (h.text = t),
    focus: () => {},
  };
  return h;
}

describe('setVariableValue', () => {
  it('replaces only the top-level member’s value, keeping the rest of the text', () => {
    const h = handle('{\n  "after": null,\n  "n": 1000,\n  "q": "x"\n}');
    expect(setVariableValue(h, 'n', 499)).toBe(true);
    expect(h.text).toBe('{\n  "after": null,\n  "n": 499,\n  "q": "x"\n}');
  });

  it('replaces a string value by a number and leaves a nested member of that name alone', () => {
    const h = handle('{"filter": {"n": 5}, "n": "1000"}');
    expect(setVariableValue(h, 'n', 12)).toBe(true);
    expect(h.text).toBe('{"filter": {"n": 5}, "n": 12}');
  });

  it('changes nothing when the member is gone or the text is not JSON', () => {
    for (const text of ['{"m": 1}', '{"n": 1000', '']) {
      const h = handle(text);
      expect(setVariableValue(h, 'n', 1)).toBe(false);
      expect(h.text).toBe(text);
    }
    expect(setVariableValue(null, 'n', 1)).toBe(false);
  });
});
