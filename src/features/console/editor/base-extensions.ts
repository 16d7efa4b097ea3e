import {
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
  type CompletionSource,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, foldGutter, foldKeymap, indentOnInput } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { eagerAutocompletion } from './eager-completion';
import { lazySearch } from './lazy-search';
import { editorTheme } from './theme';

/**
 * Completion opens as soon as a character is typed: CodeMirror's default 100 ms
 * `activateOnTypingDelay` alone would be most of a slow console's latency,
 * and with 0 `eagerAutocompletion` starts it before the next frame rather than after it.
 */
const COMPLETION_DELAY_MS = 0;

/**
 * What every console editor has: line numbers, folding, history, bracket matching and
 * closing, search (Mod-f, loaded on first use), comment toggle (Mod-/ from the default keymap), completion, the
 * theme, and its accessible name on the editable element. Nothing here needs a language or
 * @codemirror/lint: those come with each editor's language chunk (query-language.ts,
 * json-editors.ts), after the editor accepts text.
 */
export function baseExtensions(label: string, completionOverride?: CompletionSource[]): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    history(),
    drawSelection(),
    indentOnInput(),
    bracketMatching(),
    closeBrackets(),
    highlightActiveLine(),
    lazySearch(),
    eagerAutocompletion({
      activateOnTypingDelay: COMPLETION_DELAY_MS,
      ...(completionOverride ? { override: completionOverride } : {}),
      icons: false,
    }),
    // Mod-click belongs to "show in Docs"; extra cursors are added with Alt-click instead.
    EditorView.clickAddsSelectionRange.of((e) => e.altKey),
    EditorView.contentAttributes.of({ 'aria-label': label }),
    keymap.of([
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...historyKeymap,
      ...foldKeymap,
      ...completionKeymap,
    ]),
    editorTheme,
  ];
}
