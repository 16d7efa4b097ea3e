/** Where in an operation's text: 1-based line and column, as GraphQL errors give them. */
export interface OperationLocation {
  line: number;
  column: number;
}

/** An operation the upgrade check validates: a saved one, a Diagnostics recipe or an open tab. */
export interface UpgradeOperation {
  source: 'saved' | 'recipe' | 'tab';
  /** Unique across the whole list (all sources); handed back to `onOpen`. */
  id: string;
  /** Shown in the list and in its button, "Open <name>". */
  name: string;
  query: string;
}

/**
 * What the Docs panel's upgrade check gets from the page that owns the operations. The list is
 * read when a check runs (opening the check, a new schema or file, "Check again"), not passed
 * as a value: open tabs change with every keystroke, and the page must not re-render with them.
 */
export interface UpgradeSources {
  operations(): readonly UpgradeOperation[];
  /** Opens the operation (a saved one or recipe in a tab, or its tab) with the cursor at `location`. */
  onOpen(id: string, location: OperationLocation | undefined): void;
}
