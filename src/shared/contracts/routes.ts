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

/**
 * The name of a route module's chunk: the module's file name without its extension
 * (`console-page`, `start`). The build merges each first screen's chunks under these names
 * (scripts/first-screen-chunks.ts), and the server finds such a chunk by it in the build's
 * manifest (server/page-preloads.ts). Takes a relative or an absolute path.
 */
export function chunkNameOf(module: string): string {
  const file = module.slice(Math.max(module.lastIndexOf('/'), module.lastIndexOf('\\')) + 1);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(0, dot) : file;
}
