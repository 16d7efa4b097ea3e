import { displayKeys, matchesKey } from './keys.ts';

/** A side panel of the console that a toolbar button opens and closes. */
export type Panel = 'docs' | 'history' | 'saved';

/**
 * What a command acts on: the console page's actions for the current tab (built in
 * `console-page.tsx` from `commands/use-console-actions.ts`) and the page's state that buttons show
 * (running, open panels, closed tabs). Read at call time, so it may change.
 */
export interface CommandTarget {
  run(): void;
  /** Abort the running request. */
  stop(): void;
  /** Whether a request of this page is running ("Run query" then gives way to "Stop"). */
  running(): boolean;
  prettify(): void;
  merge(): void;
  fillFields(): void;
  copyQuery(): void;
  refetchSchema(): void;
  searchDocs(): void;
  cycleTab(step: 1 | -1): void;
  /** Save the current tab in a collection (GraphiQL 6); the browser's "Save page" is prevented. */
  save(): void;
  newTab(): void;
  /** Edit the current tab's name in place (as F2 on a tab). */
  renameTab(): void;
  /** Close the current tab (as Delete on a tab). */
  closeTab(): void;
  /** Reopen the last closed tab (as Altair). */
  reopenTab(): void;
  /** How many closed tabs can be reopened. */
  closedTabs(): number;
  togglePanel(panel: Panel): void;
  panelOpen(panel: Panel): boolean;
  /** Open the Shortcuts dialog (its rows are `shortcutRows()`). */
  openShortcuts(): void;
  /** Open the app's Settings dialog. */
  openSettings(): void;
  /** The request as `src api -get-curl` prints it (`copy-as/use-export-commands.ts`). */
  copyAsCurl(): void;
  /** The request as a `src api` command line. */
  copyAsSrc(): void;
  /** Open the "Export all pages" dialog for the list under the query cursor (bulk-export). */
  exportAllPages(): void;
  /** The request as a JavaScript module (`fetch`, runs with Node 20). */
  copyAsFetch(): void;
  /** The request as a Python script (`requests`). */
  copyAsPython(): void;
  /** The request as a Go program (`net/http`). */
  copyAsGo(): void;
  /** Open the command palette (`workbench/palette/`), where every command and more is searched by name. */
  openPalette(): void;
}

/**
 * Where a command's button sits in the workbench: `run` first in the editor toolbar (Run query or
 * Stop), `editor` the rest of that toolbar, `copy-as` the toolbar's "Copy as…" menu, `rail` the
 * activity rail, `tabs` the tab bar (`workbench/tabs-bar.tsx`) and `tab-actions` its menu.
 */
export type ButtonGroup = 'run' | 'editor' | 'copy-as' | 'rail' | 'tabs' | 'tab-actions';

/**
 * Where a command's keys work: `console` anywhere on the console page (the editors included),
 * `tab-list` only while a tab of the tab list has the focus (F2, Delete and the arrow keys mean
 * something else in an editor). The tab bar (`workbench/tabs-bar.tsx`) binds the `tab-list` keys.
 */
export type KeyScope = 'console' | 'tab-list';

/** The scopes in the Shortcuts dialog's order, each with the title of its table. */
export const KEY_SCOPES: readonly { scope: KeyScope; title: string }[] = [
  { scope: 'console', title: 'In the console' },
  { scope: 'tab-list', title: 'On a tab (the tab list has focus)' },
];

/** One console command. */
export interface Command {
  /** Stable name (also the toolbar button's key). */
  id: string;
  /** What it does, as the Shortcuts dialog says it. */
  label: string;
  /** CodeMirror key notation (`Mod-Enter`, `Shift-Ctrl-p`); `Mod` is Ctrl, or Cmd on a Mac. */
  keys: readonly string[];
  run(target: CommandTarget): void;
  /** Where the keys work; default `console`. */
  scope?: KeyScope;
  /** When false, the key is left to the browser or the focused editor. Default: always. */
  when?(target: CommandTarget): boolean;
  /** A button with this text runs the command (`commands/command-button.tsx`). */
  button?: string;
  /** Where that button sits; default `editor`. */
  group?: ButtonGroup;
  /** The button's class (its look: `primary`, `danger`, the tab bar's). */
  className?: string;
  /** Whether the button is there at all (Run query while idle, Stop while running). Default: always. */
  shown?(target: CommandTarget): boolean;
  /** For a toggle: whether it is on now (the button's `aria-pressed`). */
  pressed?(target: CommandTarget): boolean;
  /** The button opens a dialog (`aria-haspopup="dialog"`). */
  opensDialog?: boolean;
}

/**
 * Every console command, once. The query, Variables and Headers editors' keymap
 * (`editor-keymap.ts`), the page's keys (`commands/use-page-shortcuts.ts`), the buttons of the
 * toolbar and the tab bar (`commands/command-button.tsx`, by `group`, in table order) and the
 * Shortcuts dialog (`commands/shortcuts-dialog.tsx`) are all generated from it, so a key does
 * the same wherever focus is and every button is listed.
 *
 * Adding a command is one entry here plus the method it calls on `CommandTarget` (as `save` and
 * `reopen-tab` below); `console-page.tsx` provides the target.
 *
 * A command's `scope` says where its keys work (`tab-list`: on a tab only, bound by the tab bar).
 *
 * `command-table.test.ts` fails when two commands of one scope share a key.
 */
export const COMMANDS: readonly Command[] = [
  {
    // Ctrl/Cmd-K as Hoppscotch's Spotlight and GitHub, F1 as VS Code and Monaco.
    id: 'palette',
    label: 'Command palette',
    keys: ['Mod-k', 'F1'],
    run: (t) => t.openPalette(),
  },
  {
    id: 'run',
    label: 'Run the operation (the one under the cursor)',
    keys: ['Mod-Enter'],
    run: (t) => t.run(),
    button: 'Run query',
    group: 'run',
    className: 'primary',
    shown: (t) => !t.running(),
  },
  {
    id: 'stop',
    label: 'Abort the running request',
    keys: [],
    run: (t) => t.stop(),
    button: 'Stop',
    group: 'run',
    className: 'danger',
    shown: (t) => t.running(),
  },
  {
    id: 'prettify',
    label: 'Prettify query, variables and headers',
    keys: ['Shift-Ctrl-p', 'Shift-Ctrl-f'],
    run: (t) => t.prettify(),
    button: 'Prettify',
    group: 'editor',
  },
  {
    id: 'merge-fragments',
    label: 'Merge fragments into the operation',
    keys: ['Shift-Ctrl-m'],
    run: (t) => t.merge(),
    button: 'Merge fragments',
    group: 'editor',
  },
  {
    id: 'fill-fields',
    label: 'Fill the selection set under the query cursor with its fields',
    keys: ['Shift-Ctrl-Enter'],
    run: (t) => t.fillFields(),
    button: 'Fill all fields',
    group: 'editor',
  },
  {
    id: 'copy-query',
    label: 'Copy the query',
    keys: ['Shift-Ctrl-c'],
    run: (t) => t.copyQuery(),
    button: 'Copy query',
    group: 'editor',
  },
  {
    id: 'refetch-schema',
    label: 'Refetch the schema',
    keys: ['Shift-Ctrl-r'],
    run: (t) => t.refetchSchema(),
  },
  {
    id: 'search-docs',
    label: 'Search the schema Docs',
    keys: ['Shift-Ctrl-d'],
    run: (t) => t.searchDocs(),
  },
  {
    id: 'copy-as-curl',
    label: 'Copy the request as a curl command (src api -get-curl)',
    keys: [],
    run: (t) => t.copyAsCurl(),
    button: 'Copy as curl',
    group: 'copy-as',
  },
  {
    id: 'copy-as-src',
    label: 'Copy the request as a src api command',
    keys: [],
    run: (t) => t.copyAsSrc(),
    button: 'Copy as src command',
    group: 'copy-as',
  },
  {
    id: 'copy-as-fetch',
    label: 'Copy the request as JavaScript (fetch; runs with Node 20)',
    keys: [],
    run: (t) => t.copyAsFetch(),
    button: 'Copy as fetch (JavaScript)',
    group: 'copy-as',
  },
  {
    id: 'copy-as-python',
    label: 'Copy the request as a Python script (requests)',
    keys: [],
    run: (t) => t.copyAsPython(),
    button: 'Copy as Python requests',
    group: 'copy-as',
  },
  {
    id: 'copy-as-go',
    label: 'Copy the request as a Go program (net/http)',
    keys: [],
    run: (t) => t.copyAsGo(),
    button: 'Copy as Go net/http',
    group: 'copy-as',
  },
  {
    id: 'save',
    label: 'Save the operation (tab) in a collection',
    keys: ['Mod-s'],
    run: (t) => t.save(),
    button: 'Save operation',
    group: 'editor',
  },
  {
    id: 'export-all-pages',
    label: 'Export all pages of a list (CSV or NDJSON)',
    keys: [],
    run: (t) => t.exportAllPages(),
    button: 'Export all pages',
    group: 'editor',
    opensDialog: true,
  },
  {
    id: 'toggle-docs',
    label: 'Show or hide the schema Docs',
    keys: [],
    run: (t) => t.togglePanel('docs'),
    button: 'Docs',
    group: 'rail',
    pressed: (t) => t.panelOpen('docs'),
  },
  {
    id: 'toggle-history',
    label: 'Show or hide the query History',
    keys: [],
    run: (t) => t.togglePanel('history'),
    button: 'History',
    group: 'rail',
    pressed: (t) => t.panelOpen('history'),
  },
  {
    id: 'toggle-saved',
    label: 'Show or hide the Saved operations',
    keys: [],
    run: (t) => t.togglePanel('saved'),
    button: 'Saved operations',
    group: 'rail',
    pressed: (t) => t.panelOpen('saved'),
  },
  {
    id: 'shortcuts',
    label: 'List the keyboard shortcuts',
    keys: [],
    run: (t) => t.openShortcuts(),
    button: 'Shortcuts',
    group: 'rail',
    opensDialog: true,
  },
  {
    id: 'settings',
    label: 'Open the Settings (theme, stored data)',
    keys: [],
    run: (t) => t.openSettings(),
    button: 'Settings',
    group: 'rail',
    opensDialog: true,
  },
  {
    id: 'new-tab',
    label: 'Open a new tab',
    keys: [],
    run: (t) => t.newTab(),
    button: 'New tab',
    group: 'tabs',
  },
  {
    id: 'rename-tab',
    label: 'Rename the current tab',
    keys: ['F2'],
    scope: 'tab-list',
    run: (t) => t.renameTab(),
    button: 'Rename tab',
    group: 'tab-actions',
  },
  {
    id: 'close-tab',
    label: 'Close the current tab',
    keys: ['Delete'],
    scope: 'tab-list',
    run: (t) => t.closeTab(),
    button: 'Close tab',
    group: 'tab-actions',
  },
  {
    id: 'focus-next-tab',
    label: 'Focus the next tab',
    keys: ['ArrowRight'],
    scope: 'tab-list',
    run: (t) => t.cycleTab(1),
  },
  {
    id: 'focus-previous-tab',
    label: 'Focus the previous tab',
    keys: ['ArrowLeft'],
    scope: 'tab-list',
    run: (t) => t.cycleTab(-1),
  },
  { id: 'next-tab', label: 'Next tab', keys: ['Alt-PageDown'], run: (t) => t.cycleTab(1) },
  { id: 'previous-tab', label: 'Previous tab', keys: ['Alt-PageUp'], run: (t) => t.cycleTab(-1) },
  {
    id: 'reopen-tab',
    label: 'Reopen the last closed tab',
    keys: ['Shift-Ctrl-t'],
    run: (t) => t.reopenTab(),
    button: 'Reopen closed tab',
    group: 'tab-actions',
    shown: (t) => t.closedTabs() > 0,
  },
];

/** Keys the editors (CodeMirror) handle themselves, listed in the Shortcuts dialog after the commands. */
const LOCAL_KEYS: readonly { keys: string; label: string }[] = [
  { keys: 'Ctrl/Cmd-Space', label: 'Completion (in the editors)' },
  { keys: 'Ctrl-/', label: 'Toggle comment (in the query editor)' },
  { keys: 'Ctrl/Cmd-.', label: 'Problems and quick fixes (in the query editor)' },
  { keys: 'Ctrl/Cmd-F', label: 'Search in an editor or the response' },
  { keys: 'Ctrl/Cmd-click', label: 'Show a field or type in Docs' },
  { keys: 'Escape', label: 'Close a dialog or the search panel' },
];

/** The commands whose buttons sit in `group`, in table order. */
export function commandsWithButtons(group: ButtonGroup): Command[] {
  return COMMANDS.filter((c) => c.button && (c.group ?? 'editor') === group);
}

/** A command's scope (`console` unless it says otherwise). */
export function scopeOf(c: Command): KeyScope {
  return c.scope ?? 'console';
}

/** The command whose key this keydown is, among those of `scope`. */
export function commandForKey(e: KeyboardEvent, scope: KeyScope): Command | undefined {
  return COMMANDS.find((c) => scopeOf(c) === scope && c.keys.some((k) => matchesKey(e, k)));
}

/** Where a keyless command is pressed: its button, or its item in a menu. */
function whereToPress(c: Command): string {
  const menu = { 'copy-as': 'Copy as…', 'tab-actions': 'Tab actions' } as Partial<
    Record<ButtonGroup, string>
  >;
  const inMenu = menu[c.group ?? 'editor'];
  return inMenu ? `“${c.button}” in the “${inMenu}” menu` : `“${c.button}” button`;
}

/** One row of the Shortcuts dialog, in the table of its scope. */
export interface ShortcutRow {
  id: string;
  keys: string;
  label: string;
  scope: KeyScope;
}

/**
 * The Shortcuts dialog's rows: every command (a keyless one by its button, so that it can be
 * found), then the editors' own keys.
 */
export function shortcutRows(): ShortcutRow[] {
  return [
    ...COMMANDS.map((c) => ({
      id: c.id,
      keys: c.keys.length || !c.button ? displayKeys(c.keys) : whereToPress(c),
      label: c.label,
      scope: scopeOf(c),
    })),
    ...LOCAL_KEYS.map((k) => ({ id: k.keys, ...k, scope: 'console' as const })),
  ];
}

/** The command with this id. */
export function commandById(id: string): Command {
  const c = COMMANDS.find((x) => x.id === id);
  if (!c) throw new Error(`No console command "${id}"`);
  return c;
}
