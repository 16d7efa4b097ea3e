import type { CompletionSource } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import type { Extension } from '@codemirror/state';
import { forceLinting, linter, lintKeymap } from '@codemirror/lint';
import { keymap, type EditorView } from '@codemirror/view';
import { commandKeymap, type CommandTargetRef } from '../commands/editor-keymap.ts';
import { baseExtensions } from './base-extensions';
import { editingExtensions } from './editing-extensions';
import type { EditorDiagnostic } from './graphql-diagnostics';

/** Delay before a JSON editor is checked while typing. */
const JSON_LINT_DELAY_MS = 200;

/**
 * A JSON editor (variables, headers): the base and editing setup, JSON language, the console's command keys,
 * and a linter whose inputs may change outside the document (call `relint`).
 */
export function jsonEditorExtensions(opts: {
  label: string;
  commands: CommandTargetRef;
  diagnostics(text: string): EditorDiagnostic[];
  completion?: CompletionSource;
}): Extension {
  return [
    commandKeymap(opts.commands),
    baseExtensions(opts.label),
    editingExtensions(opts.completion ? [opts.completion] : undefined),
    json(),
    linter((view) => opts.diagnostics(view.state.doc.toString()), { delay: JSON_LINT_DELAY_MS }),
    keymap.of(lintKeymap),
  ];
}

/** Re-runs the linter now (e.g. the query or schema the variables depend on changed). */
export function relint(view: EditorView | null): void {
  if (view) forceLinting(view);
}
