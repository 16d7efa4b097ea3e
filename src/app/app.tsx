import { lazy, Suspense, useEffect, useState } from 'react';
import { navigate, ROUTE_PATHS, useRoute, type Route } from './router.ts';
import { ErrorBoundary } from '../shared/ui/error-boundary.tsx';
import { loadServerDefaults } from '../features/connection/server-defaults.ts';
import { ConsolePage } from '../features/console/console-page.tsx';
import { SettingsDialog } from './settings/settings-dialog.tsx';

// The analytics tab is its own chunk: the console's first load does not pay for it.
const AnalyticsPage = lazy(() => import('../features/analytics/analytics-page.tsx'));

function NavLink({ route, label, current }: { route: Route; label: string; current: Route }) {
  return (
    <a
      href={ROUTE_PATHS[route]}
      aria-current={current === route ? 'page' : undefined}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(route);
      }}
    >
      {label}
    </a>
  );
}

export function App() {
  const route = useRoute();
  const [settingsOpen, setSettingsOpen] = useState(false);
  useEffect(() => {
    void loadServerDefaults();
  }, []);
  return (
    <div className="app">
      <header className="app-header">
        <span className="app-title">Debug console</span>
        <nav aria-label="Main">
          <NavLink route="console" label="Console" current={route} />
          <NavLink route="analytics" label="Analytics" current={route} />
        </nav>
        <button
          type="button"
          className="app-settings"
          aria-haspopup="dialog"
          onClick={() => setSettingsOpen(true)}
        >
          Settings
        </button>
      </header>
      {settingsOpen && <SettingsDialog onClose={() => setSettingsOpen(false)} />}
      <main className="app-main">
        {route === 'console' ? (
          <ErrorBoundary name="Console">
            <ConsolePage />
          </ErrorBoundary>
        ) : (
          <ErrorBoundary name="Analytics">
            <Suspense fallback={<p className="loading">Loading analytics…</p>}>
              <AnalyticsPage />
            </Suspense>
          </ErrorBoundary>
        )}
      </main>
    </div>
  );
}
