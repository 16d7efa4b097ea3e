import type { EditorView } from '@codemirror/view';
import { getSchema } from 'cm6-graphql';
import { mergeFragments } from '../lib/merge-fragments';
import { prettifyQuery } from '../lib/prettify';

/** Replaces the whole document as one undoable step, keeping the cursor near where it was. */
function replaceAll(view: EditorView, text: string, userEvent: string): void {
  const head = Math.min(view.state.selection.main.head, text.length);
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    selection: { anchor: head },
    userEvent,
    scrollIntoView: true,
  });
}

/**
 * Shift-Ctrl-P / Shift-Ctrl-F. Comments are kept. A query with a syntax error is left as it is
 * (the error is already underlined in the editor).
 */
export function prettifyCommand(view: EditorView): boolean {
  const text = view.state.doc.toString();
  const r = prettifyQuery(text);
  if (r.ok && r.text !== text) replaceAll(view, r.text, 'input.format');
  return true;
}

/** Shift-Ctrl-M: inline named fragments into the operations (see lib/merge-fragments). */
export function mergeFragmentsCommand(view: EditorView): boolean {
  const r = mergeFragments(view.state.doc.toString(), getSchema(view.state) ?? undefined);
  if (r.ok && r.changed) replaceAll(view, r.text, 'input.format');
  return true;
}

/** Shift-Ctrl-C: the whole query to the clipboard. */
export function copyQueryCommand(view: EditorView): boolean {
  void navigator.clipboard?.writeText(view.state.doc.toString()).catch(() => {});
  return true;
}
