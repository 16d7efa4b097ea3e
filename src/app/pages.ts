import { loadAnalyticsPage } from '../features/analytics/index.ts';
import { loadConsolePage } from '../features/console/index.ts';
import { lazyPage } from './lazy-page.tsx';

/** The two routes' pages, each a chunk of its own (src/main.tsx requests the current one first). */
export const consolePage = lazyPage(() => loadConsolePage().then((m) => m.ConsolePage));
export const analyticsPage = lazyPage(() => loadAnalyticsPage().then((m) => m.default));
