import { useEffect, useRef } from 'react';

/** Page-wide actions bound to keys (anchors §2); editors bind the same keys inside themselves. */
export interface PageShortcutActions {
  run(): void;
  /** Reopen the last closed tab (Shift-Ctrl-T, as Altair). */
  reopenTab(): void;
  prettify(): void;
  merge(): void;
  copyQuery(): void;
  refetchSchema(): void;
  searchDocs(): void;
  nextTab(step: 1 | -1): void;
  /** Save the current tab (Ctrl/Cmd-S, as GraphiQL 6); the browser's "Save page" is prevented. */
  save(): void;
}

/** What the Shortcuts dialog lists. */
export const SHORTCUTS: { keys: string; action: string }[] = [
  { keys: 'Ctrl/Cmd-Enter', action: 'Run the operation (the one under the cursor)' },
  { keys: 'Shift-Ctrl-P or Shift-Ctrl-F', action: 'Prettify query, variables and headers' },
  { keys: 'Shift-Ctrl-M', action: 'Merge fragments into the operation' },
  {
    keys: 'Shift-Ctrl-Enter',
    action: 'Fill the selection set under the cursor with its fields (in the query editor)',
  },
  { keys: 'Shift-Ctrl-C', action: 'Copy the query' },
  { keys: 'Shift-Ctrl-R', action: 'Refetch the schema' },
  { keys: 'Ctrl/Cmd-K', action: 'Search the schema Docs' },
  { keys: 'Ctrl/Cmd-S', action: 'Save the operation (tab) in a collection' },
  { keys: 'Ctrl/Cmd-Space', action: 'Completion (in the editors)' },
  { keys: 'Ctrl-/', action: 'Toggle comment (in the query editor)' },
  { keys: 'Ctrl/Cmd-F', action: 'Search in an editor or the response' },
  { keys: 'Ctrl/Cmd-click', action: 'Show a field or type in Docs' },
  { keys: 'Alt-PageDown / Alt-PageUp', action: 'Next / previous tab' },
  { keys: 'Shift-Ctrl-T', action: 'Reopen the last closed tab (also "Reopen closed tab")' },
  { keys: 'Escape', action: 'Close a dialog or the search panel' },
];

/**
 * Binds the page-level shortcuts on window. Keys already handled inside an editor (it calls
 * preventDefault) are skipped, so an action never runs twice.
 */
export function usePageShortcuts(actions: PageShortcutActions): void {
  const ref = useRef(actions);
  useEffect(() => {
    ref.current = actions;
  });
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented || e.isComposing) return;
      const a = ref.current;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      let handled = true;
      if (mod && !e.shiftKey && !e.altKey && e.key === 'Enter') a.run();
      else if (e.ctrlKey && e.shiftKey && !e.altKey && (key === 'p' || key === 'f')) a.prettify();
      else if (e.ctrlKey && e.shiftKey && !e.altKey && key === 'm') a.merge();
      else if (e.ctrlKey && e.shiftKey && !e.altKey && key === 'c') a.copyQuery();
      else if (e.ctrlKey && e.shiftKey && !e.altKey && key === 'r') a.refetchSchema();
      else if (mod && !e.shiftKey && !e.altKey && key === 'k') a.searchDocs();
      else if (mod && !e.shiftKey && !e.altKey && key === 's') a.save();
      else if (e.altKey && !mod && e.key === 'PageDown') a.nextTab(1);
      else if (e.altKey && !mod && e.key === 'PageUp') a.nextTab(-1);
      else if (e.ctrlKey && e.shiftKey && !e.altKey && key === 't') a.reopenTab();
      else handled = false;
      if (handled) e.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
