import type { EditorView } from '@codemirror/view';
import { getSchema } from 'cm6-graphql';
import { planFillAllFields, type FillResult } from './fill-fields';

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
