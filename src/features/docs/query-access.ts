/** How Docs reaches the current tab's query; the console provides it (console/query-bridge.ts). */
export interface QueryBridge {
  getQuery(): string;
  /** Undoable edit in the query editor. */
  replaceQuery(text: string): void;
  /** Adds to the Variables editor's JSON object. */
  mergeVariables(vars: Record<string, unknown>): void;
  focusQuery(): void;
  /**
   * Runs `edit` once a rewrite of the query can be undone (the query editor's language, which
   * brings its undo history, is in): at once, or when it arrives (a moment after start).
   */
  whenUndoable(edit: () => void): void;
}
