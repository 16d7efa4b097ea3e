import { navigate, useRoute } from './router.ts';
import { ROUTE_PATHS, routeOf, type Route } from '../shared/contracts/routes.ts';
import { ErrorBoundary } from '../shared/ui/error-boundary.tsx';
import { loadable } from '../shared/ui/loadable.tsx';
import { closeSettings, openSettings, useSettingsOpen } from '../shared/ui/settings-request.ts';
import { TOP_BAR_SLOT_ID } from '../shared/ui/top-bar-slot.tsx';
import { analyticsPage, consolePage } from './pages.tsx';
import { loadServerDefaults } from '../features/connection/index.ts';
import { prefetchSchema } from '../features/schema/index.ts';
// Each tab is its own chunk: the console's first load does not pay for analytics, nor
// /analytics for the console. src/main.tsx requests the current tab's chunk before this module
// is even fetched.
// The schema request starts here, before React mounts: for a stored connection at once,
// for the server's default instance as soon as that is known (inlined in the page).
const serverDefaults = loadServerDefaults();
if (routeOf(window.location.pathname) === 'console') {
  prefetchSchema();
  void serverDefaults.then(prefetchSchema);
}
const ConsolePage = consolePage.Component;
const AnalyticsPage = analyticsPage.Component;
const PAGES = { console: consolePage, analytics: analyticsPage } as const;
// Settings reach into the console's stores ("Clear stored data"): loaded when opened, so that
// /analytics's first load carries no console code. Not on hover: with its code loaded by a
// hover during start-up, the dialog shown in the click's task was closed again at once in 3 of
// 30 runs under load (e2e settings.spec.ts; cause not found).
const SettingsDialog = loadable(() =>
  import('./settings/settings-dialog.tsx').then((m) => m.SettingsDialog),
).Component;

/** Loads a chunk the user is about to need; a failure shows when it is opened. */
function intent(chunk: { preload(): Promise<unknown> }): () => void {
  return () => void chunk.preload().catch(() => undefined);
}

function NavLink({ route, label, current }: { route: Route; label: string; current: Route }) {
  const loadPage = intent(PAGES[route]);
  return (
    <a
      href={ROUTE_PATHS[route]}
      aria-current={current === route ? 'page' : undefined}
      onPointerEnter={loadPage}
      onFocus={loadPage}
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
  const settingsOpen = useSettingsOpen();
  return (
    <div className="app">
      <header className="app-header">
        <span className="app-title">Debug console</span>
        <nav aria-label="Main">
          <NavLink route="console" label="Console" current={route} />
          <NavLink route="analytics" label="Analytics" current={route} />
        </nav>
        {/* The page's own controls (the console's tabs and connection chip). */}
        <div id={TOP_BAR_SLOT_ID} className="app-header-slot" />
        {/* On the console, Settings is on its activity rail. */}
        {route !== 'console' && (
          <button
            type="button"
            className="app-settings"
            aria-haspopup="dialog"
            onClick={openSettings}
          >
            Settings
          </button>
        )}
      </header>
      {settingsOpen && (
        <ErrorBoundary name="Settings">
          <SettingsDialog onClose={closeSettings} />
        </ErrorBoundary>
      )}
      <main className="app-main">
        {route === 'console' ? (
          <ErrorBoundary name="Console">
            <ConsolePage />
          </ErrorBoundary>
        ) : (
          <ErrorBoundary name="Analytics">
            <AnalyticsPage />
          </ErrorBoundary>
        )}
      </main>
    </div>
  );
}
