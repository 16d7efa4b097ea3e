import type { EditorView } from '@codemirror/view';
import type { QueryBridge } from '../docs/index.ts';
import { parseVariables } from './run/parse-variables.ts';
import type { EditorHandleLike } from './editor/editor-handle.ts';

export type { QueryBridge };

// Loaded with the Docs panel (workbench/docs-slot.tsx), the only one that uses it.

export interface BridgeSources {
  query(): EditorHandleLike | null;
  variables(): EditorHandleLike | null;
  /** Fallbacks when an editor is not mounted: the tab's stored text. */
  stored(): { query: string; variables: string };
  store(patch: { query?: string; variables?: string }): void;
  /** Resolves once the query editor's undo history is in (its language chunk). */
  undoable(): Promise<unknown>;
}

/** Replaces a CodeMirror document as one undoable transaction. */
function replaceDocument(view: EditorView, text: string): void {
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    userEvent: 'input.replace',
    scrollIntoView: true,
  });
}

/**
 * Merges `extra` into variables text. Broken JSON is left as it is (returns undefined) so that
 * nothing the user typed is lost.
 */
export function mergeVariablesText(
  text: string,
  extra: Record<string, unknown>,
): string | undefined {
  const parsed = parseVariables(text);
  if (!parsed.ok) return undefined;
  return JSON.stringify({ ...parsed.value, ...extra }, null, 2);
}

/** The bridge over the current tab's editor handles (falls back to the stored text). */
export function createQueryBridge(src: BridgeSources): QueryBridge {
  return {
    getQuery: () => src.query()?.getValue() ?? src.stored().query,
    replaceQuery(text) {
      const handle = src.query();
      if (handle?.view) replaceDocument(handle.view, text);
      else handle?.setValue(text); // the view, once created, starts from it
      src.store({ query: text });
    },
    mergeVariables(vars) {
      const handle = src.variables();
      const current = handle?.getValue() ?? src.stored().variables;
      const next = mergeVariablesText(current, vars);
      if (next === undefined) return;
      // An editor whose view is still on its way (the Variables editor's chunk) is given the
      // text through its handle, so that its view starts from it rather than from the text it
      // was mounted with.
      if (handle?.view) replaceDocument(handle.view, next);
      else handle?.setValue(next);
      src.store({ variables: next });
    },
    focusQuery: () => src.query()?.focus(),
    whenUndoable(edit) {
      // Without the language (its chunk failed) the edit is still made, only not undoable.
      const run = () => edit();
      void src.undoable().then(run, run);
    },
  };
}
