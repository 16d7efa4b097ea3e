import { createStore, useStore } from '../shared/lib/store.ts';
import { routeOf, ROUTE_PATHS, type Route } from '../shared/contracts/routes.ts';

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
