/**
 * What a command acts on: the console page's actions for the current tab (built in
 * `console-page.tsx` from `hooks/use-console-actions.ts`). Read at call time, so it may change.
 */
export interface CommandTarget {
  run(): void;
  prettify(): void;
  merge(): void;
  fillFields(): void;
  copyQuery(): void;
  refetchSchema(): void;
  searchDocs(): void;
  cycleTab(step: 1 | -1): void;
  /** Save the current tab in a collection (GraphiQL 6); the browser's "Save page" is prevented. */
  save(): void;
  /** Reopen the last closed tab (as Altair). */
  reopenTab(): void;
}

/** One console command. */
export interface Command {
  /** Stable name (also the toolbar button's key). */
  id: string;
  /** What it does, as the Shortcuts dialog says it. */
  label: string;
  /** CodeMirror key notation (`Mod-Enter`, `Shift-Ctrl-p`); `Mod` is Ctrl, or Cmd on a Mac. */
  keys: readonly string[];
  run(target: CommandTarget): void;
  /** When false, the key is left to the browser or the focused editor. Default: always. */
  when?(target: CommandTarget): boolean;
  /** A toolbar button with this text runs the command (`components/toolbar.tsx`). */
  button?: string;
}

/**
 * Every console command, once. The query, Variables and Headers editors' keymap
 * (`editor-keymap.ts`), the page's keys (`hooks/use-page-shortcuts.ts`), the toolbar buttons
 * (`components/toolbar.tsx`) and the Shortcuts dialog (`components/shortcuts-dialog.tsx`) are all
 * generated from it, so a key does the same wherever focus is.
 *
 * Adding a command is one entry here plus the method it calls on `CommandTarget` (as `save` and
 * `reopen-tab` below); `console-page.tsx` provides the target.
 *
 * `command-table.test.ts` fails when two commands share a key.
 */
export const COMMANDS: readonly Command[] = [
  {
    id: 'run',
    label: 'Run the operation (the one under the cursor)',
    keys: ['Mod-Enter'],
    run: (t) => t.run(),
  },
  {
    id: 'prettify',
    label: 'Prettify query, variables and headers',
    keys: ['Shift-Ctrl-p', 'Shift-Ctrl-f'],
    run: (t) => t.prettify(),
    button: 'Prettify',
  },
  {
    id: 'merge-fragments',
    label: 'Merge fragments into the operation',
    keys: ['Shift-Ctrl-m'],
    run: (t) => t.merge(),
    button: 'Merge fragments',
  },
  {
    id: 'fill-fields',
    label: 'Fill the selection set under the query cursor with its fields',
    keys: ['Shift-Ctrl-Enter'],
    run: (t) => t.fillFields(),
    button: 'Fill all fields',
  },
  { id: 'copy-query', label: 'Copy the query', keys: ['Shift-Ctrl-c'], run: (t) => t.copyQuery() },
  {
    id: 'refetch-schema',
    label: 'Refetch the schema',
    keys: ['Shift-Ctrl-r'],
    run: (t) => t.refetchSchema(),
  },
  {
    id: 'search-docs',
    label: 'Search the schema Docs',
    keys: ['Mod-k'],
    run: (t) => t.searchDocs(),
  },
  {
    id: 'save',
    label: 'Save the operation (tab) in a collection',
    keys: ['Mod-s'],
    run: (t) => t.save(),
  },
  { id: 'next-tab', label: 'Next tab', keys: ['Alt-PageDown'], run: (t) => t.cycleTab(1) },
  { id: 'previous-tab', label: 'Previous tab', keys: ['Alt-PageUp'], run: (t) => t.cycleTab(-1) },
  {
    id: 'reopen-tab',
    label: 'Reopen the last closed tab (also "Reopen closed tab")',
    keys: ['Shift-Ctrl-t'],
    run: (t) => t.reopenTab(),
  },
];

/** Keys the editors handle themselves (CodeMirror), listed in the Shortcuts dialog after the commands. */
export const EDITOR_KEYS: readonly { keys: string; label: string }[] = [
  { keys: 'Ctrl/Cmd-Space', label: 'Completion (in the editors)' },
  { keys: 'Ctrl-/', label: 'Toggle comment (in the query editor)' },
  { keys: 'Ctrl/Cmd-F', label: 'Search in an editor or the response' },
  { keys: 'Ctrl/Cmd-click', label: 'Show a field or type in Docs' },
  { keys: 'Escape', label: 'Close a dialog or the search panel' },
];

/** The command a toolbar button with this text runs. */
export function commandById(id: string): Command {
  const c = COMMANDS.find((x) => x.id === id);
  if (!c) throw new Error(`No console command "${id}"`);
  return c;
}
