/** How Docs reaches the current tab's query; the console provides it (console/query-bridge.ts). */
export interface QueryBridge {
  getQuery(): string;
  /** Undoable edit in the query editor. */
  replaceQuery(text: string): void;
  /** Adds to the Variables editor's JSON object. */
  mergeVariables(vars: Record<string, unknown>): void;
  focusQuery(): void;
}
