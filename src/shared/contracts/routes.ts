/**
 * The app's two routes (`/` redirects to the console; fragments are left to the page), and the
 * source modules each one runs first, as Vite's build manifest names them
 * (`dist/.vite/manifest.json`). The server announces those modules' chunks in the page's HTML
 * (server/page-preloads.ts), so the browser fetches them all at once instead of learning of them
 * only once the entry script has arrived and run; src/main.tsx loads the same modules.
 */
export type Route = 'console' | 'analytics';

/** The route a path shows. */
export function routeOf(pathname: string): Route {
  return pathname.replace(/\/$/, '') === '/analytics' ? 'analytics' : 'console';
}

export const ROUTE_PATHS: Record<Route, string> = {
  console: '/debug/console',
  analytics: '/analytics',
};

/** The app shell (React, providers, router): every route loads it. */
export const SHELL_MODULE = 'src/app/start.tsx';

/** Each route's own page module. */
export const PAGE_MODULES: Record<Route, string> = {
  console: 'src/features/console/console-page.tsx',
  analytics: 'src/features/analytics/analytics-page.tsx',
};
