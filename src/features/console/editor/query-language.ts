import { linter, lintKeymap, openLintPanel } from '@codemirror/lint';
import { Prec, type Extension } from '@codemirror/state';
import { hoverTooltip, keymap } from '@codemirror/view';
import {
  getSchema,
  graphqlLanguageSupport,
  jump,
  schemaStateField,
  stateExtensions,
  updateSchema,
} from 'cm6-graphql';
import type { GraphQLSchema } from 'graphql';
import { costHintsLinter } from './cost-hints-lint';
import { editingExtensions } from './editing-extensions';
import { graphqlCompletion } from './graphql-completion';
import { graphqlDiagnostics } from './graphql-diagnostics';
import { hoverInfo } from './hover-info';
import './hover-info.css';
import type { QueryCallbacks } from './query-extensions';

/*
 * The query editor's GraphQL language: a chunk of its own (cm6-graphql, graphql-language-service,
 * graphql-js, the lezer grammar, @codemirror/lint), loaded by `query-language-loader.ts` once
 * the editor accepts text and plugged into its language compartment (query-extensions.ts).
 */

export { updateSchema };
export { completeAfterSchema } from './complete-after-schema';
export { refreshCostHints } from './cost-hints-lint';
export { fillAllFields } from './query-commands';

/** Typing pauses this long before the query is validated. */
const LINT_DELAY_MS = 250;

/**
 * The editing setup (editing-extensions.ts), cm6-graphql's language, schema-aware completion
 * and Mod-click jump, our own validation
 * (debounced, syntax-only without a schema), the cost hints (with validation's delay), hover
 * information, and the lint keys.
 */
export function queryLanguage(
  schema: GraphQLSchema | undefined,
  callbacks: { current: QueryCallbacks },
): Extension {
  return [
    editingExtensions(),
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
    costHintsLinter(() => callbacks.current.cost),
    // After the base keymap, as when the lint keys were part of it. Mod-Shift-m is Merge
    // fragments' key where Mod is Ctrl (commands/command-table.ts), so the lint panel (the
    // problems and their fixes) also opens with Mod-. (the quick-fix key of VS Code).
    Prec.low(
      keymap.of([...lintKeymap, { key: 'Mod-.', run: openLintPanel, preventDefault: true }]),
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
