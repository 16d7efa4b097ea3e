import { applySettings } from './app/settings/apply-settings.ts';
import { routeOf } from './shared/contracts/routes.ts';
import { loadAnalyticsPage } from './features/analytics/index.ts';
import { loadConsolePage } from './features/console/index.ts';
import './styles.css';
// React's core (not React DOM) rides in the entry, and with it the bundler's runtime helpers
// that every chunk using React needs: without it the bundler makes each a chunk of its own, two
// more files before the first screen (e2e route-chunks.spec.ts: at most 6).
import 'react';

// Theme and font size before the first paint: no flash of the wrong theme.
applySettings();

// The entry is small and imports no React DOM: the current page's chunk (with its imports, in
// parallel: Vite preloads them) is requested as soon as the page's first script runs, together
// with the app shell (src/app/start.tsx), instead of after the shell has been fetched and run.
if (routeOf(window.location.pathname) === 'console') void loadConsolePage();
else void loadAnalyticsPage();
void import('./app/start.tsx');
