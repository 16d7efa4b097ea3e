import { loadAnalyticsPage } from '../features/analytics/index.ts';
import { loadConsolePage } from '../features/console/index.ts';
import { loadable } from '../shared/ui/loadable.tsx';

/**
 * The two routes' pages, each a chunk of its own (src/main.tsx requests the current one first,
 * a link to the other loads it on hover or focus). Not `React.lazy`: see loadable.tsx.
 */
export const consolePage = loadable(
  () => loadConsolePage().then((m) => m.ConsolePage),
  <p className="loading">Loading console…</p>,
);
export const analyticsPage = loadable(
  () => loadAnalyticsPage().then((m) => m.default),
  <p className="loading">Loading analytics…</p>,
);
