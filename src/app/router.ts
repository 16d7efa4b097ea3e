import { useSyncExternalStore } from 'react';

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

const listeners = new Set<() => void>();
function subscribe(l: () => void) {
  listeners.add(l);
  window.addEventListener('popstate', l);
  return () => {
    listeners.delete(l);
    window.removeEventListener('popstate', l);
  };
}

export function useRoute(): Route {
  return useSyncExternalStore(subscribe, () => routeOf(window.location.pathname));
}

export function navigate(route: Route): void {
  if (routeOf(window.location.pathname) === route) return;
  window.history.pushState(null, '', ROUTE_PATHS[route]);
  for (const l of listeners) l();
}
