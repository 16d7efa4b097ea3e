import {
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
  type CompletionSource,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language';
import { Prec, type Extension } from '@codemirror/state';
import { keymap, tooltips } from '@codemirror/view';
import { eagerAutocompletion } from './eager-completion';
import { keystrokeInsert } from './keystroke-insert';
import { lintTheme } from './lint-theme';
import { syntaxColours } from './syntax-colours';

/**
 * Completion opens as soon as a character is typed: CodeMirror's default 100 ms
 * `activateOnTypingDelay` alone would be most of a slow console's latency,
 * and with 0 `eagerAutocompletion` starts it before the next frame rather than after it.
 */
const COMPLETION_DELAY_MS = 0;

/**
 * The completion list draws this many options around the selected one (CodeMirror's default is
 * 100); about 7 fit in its box. The list that a space or `{` opens holds every field of the type
 * (130 on GitHub's Repository): drawing 30 of them instead of 100 leaves less to style, lay out and
 * paint in the keystroke's frame (`LETTERS=' ' MICRO=1 bench/profile-completion.ts`).
 * The keys reach every option (the window moves with the selection, e2e `console-editor.spec.ts`);
 * a mouse scrolls through the window, and a click on the `···` below it shows the next one.
 */
const RENDERED_OPTIONS = 30;

let collator: Intl.Collator | undefined;

/**
 * Options of equal score in label order, as CodeMirror's default `localeCompare` orders them,
 * through one collator: `localeCompare` sets one up on every call, and sorting a type's fields
 * calls it about a thousand times per keystroke. Made at the first sort: the collation data it
 * loads stays in the page's memory.
 */
function byLabel(a: string, b: string): number {
  collator ??= new Intl.Collator();
  return collator.compare(a, b);
}

/**
 * What an editor adds to `baseExtensions` with its language (query-language.ts,
 * json-editor-extensions.ts): history, the default keymap (Mod-/ comment toggle included), folding,
 * bracket matching and closing, indentation on input, completion, the syntax colours and the lint
 * panel's look. These need @codemirror/commands, @codemirror/language and
 * @codemirror/autocomplete, which stay out of the first load.
 * The keymap has high precedence: it arrives after the editor's own keys, and before, it came
 * first (closing brackets' Backspace ahead of the default one).
 */
export function editingExtensions(completionOverride?: CompletionSource[]): Extension {
  return [
    history(),
    foldGutter(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    eagerAutocompletion({
      activateOnTypingDelay: COMPLETION_DELAY_MS,
      ...(completionOverride ? { override: completionOverride } : {}),
      icons: false,
      maxRenderedOptions: RENDERED_OPTIONS,
      compareCompletions: (a, b) => byLabel(a.sortText || a.label, b.sortText || b.label),
    }),
    Prec.high(
      keymap.of([
        ...closeBracketsKeymap,
        ...defaultKeymap,
        ...historyKeymap,
        ...foldKeymap,
        ...completionKeymap,
      ]),
    ),
    syntaxColours,
    lintTheme,
    keystrokeInsert,
    // Tooltips (the completion list above all) live in the page's body, not in the editor: the
    // list that a keystroke opens is then laid out on its own, not with the editor around it
    // (bench "completion"). CodeMirror gives their container the editor's theme classes (so
    // theme.ts sets no height on them). None of these editors is in a modal dialog, whose top
    // layer would cover the body.
    tooltips({ parent: document.body }),
  ];
}
