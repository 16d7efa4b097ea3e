import type { QueryBridge } from './query-access.ts';
import type { UpgradeSources } from './upgrade-props.ts';

/** A place in the schema the Docs panel can show. */
export interface DocsRef {
  type: string;
  field?: string;
  arg?: string;
}

/** What the console asks of the Docs panel: show a place in the schema, or focus its search box. */
export type DocsRequest = { kind: 'show'; ref: DocsRef } | { kind: 'search' };

/** Everything the Docs panel gets from the page that shows it (`docs-panel.tsx`). */
export interface DocsPanelProps {
  /** The current tab's query, for "Add to query". */
  bridge: QueryBridge;
  /** The latest request; the panel acts on each new request object once, then calls `onRequestDone`. */
  request?: DocsRequest;
  onRequestDone(request: DocsRequest): void;
  /** The panel's close button. */
  onClose(): void;
  /** The operations the upgrade check validates, and how to open one. */
  upgrade: UpgradeSources;
}
