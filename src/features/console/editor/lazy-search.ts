import { Compartment, type Extension } from '@codemirror/state';
import { keymap, type EditorView } from '@codemirror/view';

/*
 * Search is not needed to type, so @codemirror/search stays out of the initial bundle: it loads
 * on the first Mod-f (the response viewer shares the chunk). Lint could not be split the same
 * way: cm6-graphql imports @codemirror/lint statically, so it is in the main chunk anyway.
 */

/** Mod-f loads @codemirror/search on first use, installs it and opens the panel. */
export function lazySearch(): Extension {
  const slot = new Compartment();
  const installed = new WeakSet<EditorView>();
  const open = (view: EditorView): boolean => {
    void import('@codemirror/search').then((m) => {
      if (!installed.has(view)) {
        installed.add(view);
        view.dispatch({
          effects: slot.reconfigure([
            m.search({ top: true }),
            m.highlightSelectionMatches(),
            keymap.of(m.searchKeymap),
          ]),
        });
      }
      m.openSearchPanel(view);
    });
    return true;
  };
  return [slot.of([]), keymap.of([{ key: 'Mod-f', run: open, scope: 'editor search-panel' }])];
}
