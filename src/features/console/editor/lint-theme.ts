import { EditorView } from '@codemirror/view';

/**
 * The lint panel and tooltips in the console's colours (theme.ts's variables): a fix's button as
 * the app's buttons, the panel's selected problem in the selection's colour (CodeMirror's greys
 * and system Highlight do not follow the dark theme). With the languages (editing-extensions.ts),
 * as lint itself: nothing of it in the first load.
 */
export const lintTheme = EditorView.theme({
  // Beats theme.ts's `.cm-panels button { color: inherit }`.
  '.cm-diagnosticAction, .cm-panels .cm-diagnosticAction': {
    backgroundColor: 'var(--bg)',
    color: 'var(--fg)',
    border: '1px solid var(--border)',
    borderRadius: 'var(--radius-sm)',
  },
  '.cm-panel.cm-panel-lint ul [aria-selected], .cm-panel.cm-panel-lint ul:focus [aria-selected]': {
    backgroundColor: 'var(--cm-selection)',
    color: 'inherit',
  },
});
