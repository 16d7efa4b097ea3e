import type { Compartment, Extension } from '@codemirror/state';
import { commandKeymap } from '../commands/editor-keymap.ts';
import type { CommandTarget } from '../commands/command-table.ts';
import { baseExtensions } from './base-extensions';

/** What the query editor calls back into; read at call time, so it may change freely. */
export interface QueryCallbacks {
  /** The console's commands (Ctrl/Cmd-Enter runs, Shift-Ctrl-P prettifies…). */
  commands: CommandTarget;
  onShowInDocs(ref: { type: string; field?: string }): void;
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
