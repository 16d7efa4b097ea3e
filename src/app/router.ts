import { createStore, useStore } from '../shared/lib/store.ts';

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

const currentRoute = () => routeOf(window.location.pathname);
const route = createStore<Route>(currentRoute);
// Back/Forward: the route follows the address bar.
window.addEventListener('popstate', () => route.set(currentRoute()));

export function useRoute(): Route {
  return useStore(route);
}

export function navigate(to: Route): void {
  if (currentRoute() === to) return;
  window.history.pushState(null, '', ROUTE_PATHS[to]);
  route.set(to);
}
