import type { Extension } from '@codemirror/state';
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  lineNumbers,
} from '@codemirror/view';
import { drawnCaret } from './caret-blink';
import { lazySearch } from './lazy-search';
import { editorTheme } from './theme';

/**
 * What every console editor has from its first moment: line numbers, selection drawing (the caret
 * blinks from a timer: `caret-blink.ts`), search
 * (Mod-f, loaded on first use), the theme, and its accessible name on the editable element.
 * Enough to accept text, and nothing that needs @codemirror/commands, @codemirror/language,
 * @lezer/* or @codemirror/autocomplete: history, the default keymap, folding, brackets,
 * completion and colours (`editing-extensions.ts`) come with each editor's language chunk
 * (query-language.ts, json-editors.ts), after the editor accepts text. (Text typed before
 * they arrive is kept, in order, but is not in the undo history.)
 */
export function baseExtensions(label: string): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    drawnCaret(),
    highlightActiveLine(),
    lazySearch(),
    // Mod-click belongs to "show in Docs"; extra cursors are added with Alt-click instead.
    EditorView.clickAddsSelectionRange.of((e) => e.altKey),
    EditorView.contentAttributes.of({ 'aria-label': label }),
    editorTheme,
  ];
}
