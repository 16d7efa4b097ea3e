import { completionStatus, startCompletion } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';

/**
 * Once a schema arrives in the editor (`updateSchema`): if the user is typing a name there
 * (the editor has focus, the cursor sits right after a letter, digit or underscore, no list is
 * open), the completion list opens for it at once, as if one more letter had been typed; else
 * the schema's fields would show only at the next key.
 */
export function completeAfterSchema(view: EditorView): void {
  if (!view.hasFocus || completionStatus(view.state) !== null) return;
  const { head, empty } = view.state.selection.main;
  if (!empty || head === 0) return;
  if (/\w/.test(view.state.doc.sliceString(head - 1, head))) startCompletion(view);
}
