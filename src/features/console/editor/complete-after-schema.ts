import { completionStatus, startCompletion } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';

/**
 * Where the list opens as one types (eager-completion.ts): after a name's letter, digit or
 * underscore, after `(` (arguments), `:` (a value) and `{` (a selection set), also with spaces
 * after the `{`.
 */
const OPENS_LIST = /(?:[\w(:]|\{\s*)$/;

/**
 * Once the schema or the GraphQL language arrives in the editor (`updateSchema`, or the language
 * chunk plugged in with a schema already there): if the user is typing where the list opens (the
 * editor has focus, nothing selected, the cursor right after one of OPENS_LIST, no list open),
 * the list opens at once, as if that character had been typed now; else it would show only at
 * the next key.
 */
export function completeAfterSchema(view: EditorView): void {
  if (!view.hasFocus || completionStatus(view.state) !== null) return;
  const { head, empty } = view.state.selection.main;
  if (!empty || head === 0) return;
  const line = view.state.doc.lineAt(head);
  if (OPENS_LIST.test(view.state.doc.sliceString(line.from, head))) startCompletion(view);
}
