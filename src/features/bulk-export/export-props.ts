import type { GraphQLSchema } from 'graphql';
import type { CostLimits } from '../../shared/contracts/cost-limits.ts';

/** What the "Export all pages" dialog needs from the console that opens it. */
export interface ExportDialogProps {
  /** The query editor's text when the dialog opened. */
  query: string;
  /** The Variables editor's values. */
  variables: Record<string, unknown>;
  /** Extra request headers (the Headers editor's); the auth header comes from the connection. */
  headers?: Record<string, string>;
  /** Why the request cannot be read (the Variables or Headers editor's problem), if so. */
  problem?: string;
  /** The query cursor's offset: the list under it is picked first. */
  cursorOffset?: number;
  /** The connection's schema, when loaded. */
  getSchema(): GraphQLSchema | undefined;
  /** The instance's cost limits (the console's cost meter holds them). */
  limits: CostLimits;
  onClose(): void;
}
