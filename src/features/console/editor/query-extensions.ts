import type { Compartment, Extension } from '@codemirror/state';
import { commandKeymap } from '../commands/editor-keymap.ts';
import type { CommandTarget } from '../commands/command-table.ts';
import type { CostLimits } from '../../../shared/contracts/cost-limits.ts';
import { baseExtensions } from './base-extensions';
import type { EditorHandleLike } from './editor-handle.ts';

/** What the cost hints (cost-hints-lint.ts) estimate the query with, beside its text. */
export interface CostHintInputs {
  limits: CostLimits;
  /** The Variables editor's text (invalid JSON counts as no variables, as in the meter). */
  variables: string;
  /** The Variables editor, which a hint's fix may edit (a `first: $n` set in Variables). */
  variablesEditor(): EditorHandleLike | null;
}

/** What the query editor calls back into; read at call time, so it may change freely. */
export interface QueryCallbacks {
  /** The console's commands (Ctrl/Cmd-Enter runs, Shift-Ctrl-P prettifies…). */
  commands: CommandTarget;
  onShowInDocs(ref: { type: string; field?: string }): void;
  /** Without it, no cost hints. */
  cost?: CostHintInputs;
}

/**
 * The query editor as it accepts text: the console's command keys (commands/command-table.ts),
 * the base setup, and an empty `language` compartment, which receives the GraphQL language
 * (query-language.ts: highlighting, completion, validation, hover, Mod-click) when its chunk
 * arrives. Reconfiguring a compartment leaves the document and the selection alone, so what
 * is typed meanwhile stays, in order.
 */
export function queryExtensions(
  callbacks: { current: QueryCallbacks },
  language: Compartment,
): Extension {
  return [
    commandKeymap({
      get current() {
        return callbacks.current.commands;
      },
    }),
    baseExtensions('Query editor'),
    language.of([]),
  ];
}
