/**
 * One thing the command palette can do, whatever its source (a command, a saved operation, a
 * Diagnostics recipe, a history entry, a Docs type or field, a connection profile). Sources
 * build these from plain data and callbacks, so they are tested without React.
 */

/** Where an item comes from; also its group in the list, in this order while nothing is typed. */
export type PaletteKind = 'command' | 'saved' | 'diagnostics' | 'history' | 'docs' | 'profile';

/** The group headings, in the order shown while nothing is typed. */
export const GROUP_TITLES: Readonly<Record<PaletteKind, string>> = {
  command: 'Commands',
  saved: 'Saved operations',
  diagnostics: 'Diagnostics',
  history: 'History',
  docs: 'Docs',
  profile: 'Connection profiles',
};

export interface PaletteItem {
  /** Unique among all items (`kind:` + the source's own id): the option's DOM id is built from it. */
  id: string;
  kind: PaletteKind;
  /** The option's name, shown and searched. */
  title: string;
  /** A second, muted text (what it does, where it lives). */
  detail?: string;
  /** Searched too, never shown: what a user may type instead of the title (a command's label). */
  keywords?: string;
  /** The shortcut, as the Shortcuts dialog spells it (`displayKeys`). */
  keys?: string;
  /** Listed but not runnable now (a command whose `when` or `shown` says no), with why. */
  disabled?: boolean;
  /** Runs after the palette has closed and focus is back where it was. */
  run(): void;
}
