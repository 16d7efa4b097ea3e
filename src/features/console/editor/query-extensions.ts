import { linter } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import { hoverTooltip } from '@codemirror/view';
import {
  getSchema,
  graphqlLanguageSupport,
  jump,
  schemaStateField,
  stateExtensions,
} from 'cm6-graphql';
import type { GraphQLSchema } from 'graphql';
import { commandKeymap } from '../commands/editor-keymap.ts';
import type { CommandTarget } from '../commands/command-table.ts';
import { baseExtensions } from './base-extensions';
import { graphqlCompletion } from './graphql-completion';
import { graphqlDiagnostics } from './graphql-diagnostics';
import { hoverInfo } from './hover-info';

/** What the query editor calls back into; read at call time, so it may change freely. */
export interface QueryCallbacks {
  /** The console's commands (Ctrl/Cmd-Enter runs, Shift-Ctrl-P prettifies…). */
  commands: CommandTarget;
  onShowInDocs(ref: { type: string; field?: string }): void;
}

/** Typing pauses this long before the query is validated. */
const LINT_DELAY_MS = 250;

/**
 * The query editor: cm6-graphql's language, schema-aware completion and Mod-click jump, our
 * own validation (debounced, syntax-only without a schema), hover information, and the
 * console's command keys (commands/command-table.ts).
 */
export function queryExtensions(
  schema: GraphQLSchema | undefined,
  callbacks: { current: QueryCallbacks },
): Extension {
  return [
    commandKeymap({
      get current() {
        return callbacks.current.commands;
      },
    }),
    baseExtensions('Query editor'),
    graphqlLanguageSupport(),
    graphqlCompletion,
    jump,
    stateExtensions(schema, {
      onShowInDocs(field, type, parentType) {
        const named = (t?: string) => t?.replace(/[[\]!]/g, '');
        if (field && parentType)
          callbacks.current.onShowInDocs({ type: named(parentType)!, field });
        else if (type) callbacks.current.onShowInDocs({ type: named(type)! });
      },
    }),
    linter(
      (view) => graphqlDiagnostics(getSchema(view.state) ?? undefined, view.state.doc.toString()),
      {
        delay: LINT_DELAY_MS,
        needsRefresh: (u) =>
          u.startState.field(schemaStateField) !== u.state.field(schemaStateField),
      },
    ),
    hoverTooltip((view, pos) => {
      const schema = getSchema(view.state);
      if (!schema) return null;
      const text = hoverInfo(schema, view.state.doc.toString(), pos);
      if (!text) return null;
      const word = view.state.wordAt(pos);
      return {
        pos: word?.from ?? pos,
        end: word?.to ?? pos,
        above: true,
        create() {
          const dom = document.createElement('pre');
          dom.className = 'cm-hover-info';
          dom.setAttribute('role', 'tooltip');
          dom.textContent = text; // schema text, never HTML
          return { dom };
        },
      };
    }),
  ];
}
