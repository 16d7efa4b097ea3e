import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import './editor.css';

/**
 * One theme for light and dark: every colour is a CSS variable (editor.css and the app's
 * styles.css switch them with `prefers-color-scheme` or the root's `data-theme`, set in Settings), so
 * no reconfiguration is needed when the theme changes. The font size is `--editor-font-size`.
 */
const theme = EditorView.theme({
  // No height here: the tooltips' container in the page's body (editing-extensions.ts) carries
  // these classes too. The editor fills its host by editor.css (`.cm-host .cm-editor`).
  '&': {
    color: 'var(--fg)',
    backgroundColor: 'var(--bg)',
    fontSize: 'var(--editor-font-size, 13px)',
  },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    lineHeight: '1.5',
  },
  '.cm-content': { caretColor: 'var(--fg)' },
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '-2px' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--fg)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
    { backgroundColor: 'var(--cm-selection)' },
  '.cm-gutters': {
    backgroundColor: 'var(--panel)',
    color: 'var(--muted)',
    borderRight: '1px solid var(--border)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--cm-active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--cm-active-line)' },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': {
    backgroundColor: 'var(--cm-match)',
    outline: 'none',
  },
  '.cm-searchMatch': { backgroundColor: 'var(--cm-match)' },
  '.cm-panels': { backgroundColor: 'var(--panel)', color: 'var(--fg)' },
  '.cm-panels input, .cm-panels button': { color: 'inherit' },
  '.cm-textfield': { backgroundColor: 'var(--bg)', border: '1px solid var(--border)' },
  '.cm-tooltip': {
    backgroundColor: 'var(--panel)',
    color: 'var(--fg)',
    border: '1px solid var(--border)',
  },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--accent)',
    color: 'var(--on-accent)',
  },
  '.cm-completionDetail': { color: 'var(--muted)', fontStyle: 'normal', marginLeft: '1em' },
  // The selected option's type reads in the selection's text colour (muted grey on the accent
  // fell below 2:1 in both themes).
  '.cm-tooltip-autocomplete > ul > li[aria-selected] .cm-completionDetail': { color: 'inherit' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--panel)', border: '1px solid var(--border)' },
});

/**
 * The console editors' look (syntax colours come with each editor's language:
 * `editing-extensions.ts`, so @codemirror/language is not needed to show an editor).
 */
export const editorTheme: Extension = theme;
