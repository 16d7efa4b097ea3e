import type { EditorView } from '@codemirror/view';

/** The imperative handle of an editor (structurally the editors' EditorHandle). */
export interface EditorHandleLike {
  view: EditorView | null;
  getValue(): string;
  setValue(text: string): void;
  focus(): void;
}

/** Moves an editor's cursor to a 1-based line/column (clamped) and focuses it. */
export function moveCursor(handle: EditorHandleLike | null, line: number, column: number): void {
  const view = handle?.view;
  if (!view) return handle?.focus();
  const doc = view.state.doc;
  const l = doc.line(Math.min(Math.max(1, line), doc.lines));
  const pos = Math.min(l.from + Math.max(0, column - 1), l.to);
  view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
  view.focus();
}
