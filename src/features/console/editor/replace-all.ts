import type { EditorView } from '@codemirror/view';

/** Replaces the whole document as one undoable step, keeping the cursor near where it was. */
export function replaceAll(view: EditorView, text: string, userEvent: string): void {
  const head = Math.min(view.state.selection.main.head, text.length);
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    selection: { anchor: head },
    userEvent,
    scrollIntoView: true,
  });
}
