/** The app's two routes; `/` redirects to the console. Fragments (#...) are left to the page. */
export type Route = 'console' | 'analytics';

/** The route a path shows. */
export function routeOf(pathname: string): Route {
  return pathname.replace(/\/$/, '') === '/analytics' ? 'analytics' : 'console';
}

export const ROUTE_PATHS: Record<Route, string> = {
  console: '/debug/console',
  analytics: '/analytics',
};
