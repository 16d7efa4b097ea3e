/**
 * The floor under the console's completion row: a bare CodeMirror 6 editor with `autocompletion`
 * and a static source of the same labels, started by `bench/profile-completion-floor.ts`. Flags
 * in the query string add the console's own parts one at a time, to find what each costs:
 * `eager` (eagerAutocompletion), `edit` (editingExtensions: history, folding, brackets, the
 * completion config), `lang` (cm6-graphql's language and schema state), `source` (the console's
 * GraphQL completion source instead of the static one), `lint` (validation), `hints` (cost
 * hints), `draw` (drawSelection, not blinking), `gutter` (line numbers, active line), `detail` / `info` (options with a type and a description), `big` (1,500 more elements
 * on the page), `contain` (layout containment on the editor).
 */
import { autocompletion, type CompletionSource } from '@codemirror/autocomplete';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap } from '@codemirror/commands';
import { linter } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import { buildSchema } from 'graphql';
import { getSchema, graphqlLanguageSupport, stateExtensions } from 'cm6-graphql';
import {
  costHintsLinter,
  eagerAutocompletion,
  editingExtensions,
  graphqlCompletion,
  graphqlDiagnostics,
} from '../../src/features/console/for-workers.ts';
import { DEFAULT_COST_LIMITS } from '../../src/shared/contracts/cost-limits.ts';

declare global {
  interface Window {
    startEditor(labels: string[], doc: string, sdl: string): void;
  }
}

window.startEditor = (labels, doc, sdl) => {
  const flags = new URLSearchParams(location.search);
  const options = labels.map((label) => ({
    label,
    type: 'property',
    ...(flags.has('detail') ? { detail: 'String!' } : {}),
    ...(flags.has('info')
      ? {
          info: () => {
            const el = document.createElement('div');
            el.textContent = `The ${label} of this repository, described at some length.`;
            return el;
          },
        }
      : {}),
  }));
  const host = document.getElementById('editor')!;
  if (flags.has('contain')) host.style.contain = 'size layout';
  if (flags.has('big'))
    for (let i = 0; i < 1500; i++) document.body.append(document.createElement('div'));
  const staticSource: CompletionSource = (ctx) => {
    const word = ctx.matchBefore(/\w*/);
    if (!word || (word.text === '' && !ctx.explicit)) return null;
    return { from: word.from, validFor: /^\w*$/, options };
  };
  const schema = flags.has('lang') ? buildSchema(sdl, { assumeValidSDL: true }) : undefined;
  const extensions: Extension[] = [];
  if (flags.has('edit'))
    extensions.push(editingExtensions(flags.has('source') ? undefined : [staticSource]));
  else {
    const config = {
      activateOnTypingDelay: 0,
      icons: false,
      ...(flags.has('source') ? {} : { override: [staticSource] }),
    };
    extensions.push(flags.has('eager') ? eagerAutocompletion(config) : autocompletion(config));
  }
  if (flags.has('draw')) extensions.push(drawSelection({ cursorBlinkRate: 0 }));
  if (flags.has('gutter'))
    extensions.push(lineNumbers(), highlightActiveLineGutter(), highlightActiveLine());
  if (schema) extensions.push(graphqlLanguageSupport(), stateExtensions(schema));
  if (flags.has('source')) extensions.push(graphqlCompletion);
  if (flags.has('lint'))
    extensions.push(
      linter(
        (view) => graphqlDiagnostics(getSchema(view.state) ?? undefined, view.state.doc.toString()),
        {
          delay: 250,
        },
      ),
    );
  if (flags.has('hints'))
    extensions.push(
      costHintsLinter(() => ({
        limits: DEFAULT_COST_LIMITS,
        variables: '{}',
        variablesEditor: () => null,
      })),
    );
  new EditorView({
    doc,
    parent: host,
    extensions: [
      ...extensions,
      keymap.of([...completionKeymap, ...defaultKeymap]),
      EditorView.contentAttributes.of({ 'aria-label': 'Query editor' }),
    ],
  }).focus();
};
