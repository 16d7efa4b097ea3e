import type { Extension } from '@codemirror/state';
import type { CommandTargetRef } from '../commands/editor-keymap.ts';
import { headersDiagnostics } from './headers-diagnostics';
import { jsonEditorExtensions } from './json-editor-extensions';
import { variablesCompletion } from './variables-completion';
import { variablesDiagnostics, type VariablesContext } from './variables-diagnostics';

/*
 * The Variables and Headers editors' setup: a chunk of its own (@codemirror/lang-json, its lezer
 * grammar, @codemirror/lint, the variables checks over graphql-js), loaded by
 * `json-editors-loader.ts` after the query editor accepts text; each editor's view is created
 * when it arrives (use-code-mirror.ts).
 */

export { relint } from './json-editor-extensions';

/** The Variables editor: JSON, checked against the operation's variable definitions. */
export function variablesEditorExtensions(
  ctx: { current: VariablesContext },
  commands: CommandTargetRef,
): Extension {
  return jsonEditorExtensions({
    label: 'Variables editor',
    commands,
    diagnostics: (text) => variablesDiagnostics(text, ctx.current),
    completion: variablesCompletion(ctx),
  });
}

/** The Headers editor: a JSON object of extra request headers. */
export function headersEditorExtensions(commands: CommandTargetRef): Extension {
  return jsonEditorExtensions({
    label: 'Headers editor',
    commands,
    diagnostics: headersDiagnostics,
  });
}
