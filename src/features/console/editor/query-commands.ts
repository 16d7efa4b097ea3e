import type { EditorView } from '@codemirror/view';
import { getSchema } from 'cm6-graphql';
import { mergeFragments } from '../lib/merge-fragments';
import { prettifyQuery } from '../lib/prettify';
import { planFillAllFields, type FillResult } from './fill-fields';

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

/**
 * "Fill all fields": the selection set under the cursor gets the leaf fields of its type that it
 * lacks (fill-fields.ts), as one undoable step; the cursor ends after the last one.
 */
export function fillAllFields(view: EditorView): FillResult {
  const r = planFillAllFields(
    getSchema(view.state) ?? undefined,
    view.state.doc.toString(),
    view.state.selection.main.head,
  );
  if (r.ok && r.plan) {
    view.dispatch({
      changes: { from: r.plan.from, to: r.plan.to, insert: r.plan.insert },
      selection: { anchor: r.plan.cursor },
      userEvent: 'input.complete',
      scrollIntoView: true,
    });
  }
  return r;
}

/** Shift-Ctrl-Enter, as Altair. */
export function fillAllFieldsCommand(view: EditorView): boolean {
  fillAllFields(view);
  return true;
}
