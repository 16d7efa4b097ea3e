import type { EditorView } from '@codemirror/view';
import { useState } from 'react';
import { fillAllFields } from '../editor/query-commands';

/**
 * Button "Fill all fields" (Shift-Ctrl-Enter in the query editor, as Altair): fills the selection
 * set under the query editor's cursor with the leaf fields of its type. Says why when it cannot.
 */
export function FillFieldsButton({ getView }: { getView(): EditorView | null | undefined }) {
  const [message, setMessage] = useState<string>();
  function fill() {
    const view = getView();
    if (!view) return;
    const r = fillAllFields(view);
    setMessage(r.ok ? (r.plan ? undefined : 'Every field is already selected.') : r.message);
    view.focus();
  }
  return (
    <>
      <button
        type="button"
        onClick={fill}
        title="Fill the selection set under the cursor with its fields (Shift-Ctrl-Enter)"
      >
        Fill all fields
      </button>
      {message && (
        <span role="status" className="status-muted">
          {message}
        </span>
      )}
    </>
  );
}
