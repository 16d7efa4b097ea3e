import { Prec, type Extension, type Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

/**
 * The character a plain keystroke types, or null where the browser must handle it: a key with
 * Ctrl, Alt or Meta (shortcuts, AltGr and Option characters), a named key ("Enter", "Dead"), and
 * anything during composition (IME, virtual keyboards, which send key code 229).
 */
export function typedCharacter(event: KeyboardEvent): string | null {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  if (event.isComposing || event.keyCode === 229) return null;
  const key = event.key;
  // One code point (a letter outside the BMP is two UTF-16 units).
  if (!key || key.length > 2 || [...key].length !== 1) return null;
  if (key === '\n' || key === '\r' || key === '\t') return null;
  return key;
}

/**
 * A plain keystroke inserts its character from the keydown event, as the editor's own typing
 * transaction, instead of letting the browser insert it into the DOM and CodeMirror read it back
 * from the input event: the browser's editing step (its keypress, beforeinput and textInput
 * events) and CodeMirror's reading of the changed DOM are left out of the keystroke, so what the
 * key opens (completion) comes sooner (bench "completion"). It runs after every keymap, passes
 * the text through the input handlers (auto-closing brackets) as CodeMirror does, and leaves to
 * the browser what needs it (composition, modified keys, several cursors, a read-only editor).
 */
export const keystrokeInsert: Extension = Prec.lowest(
  EditorView.domEventHandlers({
    keydown(event, view) {
      const text = typedCharacter(event);
      // The content itself has the focus (not a widget's field inside it).
      if (text === null || event.target !== view.contentDOM) return false;
      if (view.composing || view.state.readOnly) return false;
      if (!view.state.facet(EditorView.editable)) return false;
      const { selection } = view.state;
      if (selection.ranges.length !== 1) return false;
      const { from, to } = selection.main;
      let tr: Transaction | undefined;
      const insert = () =>
        (tr ??= view.state.update(view.state.replaceSelection(text), {
          userEvent: 'input.type',
          scrollIntoView: true,
        }));
      const handlers = view.state.facet(EditorView.inputHandler);
      if (!handlers.some((h) => h(view, from, to, text, insert))) view.dispatch(insert());
      return true;
    },
  }),
);
