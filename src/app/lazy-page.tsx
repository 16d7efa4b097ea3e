import { lazy, type ComponentType } from 'react';

/** A page loaded on demand, which can also be loaded before React first renders it. */
export interface LazyPage {
  /** Renders the page; suspends (shows the nearest Suspense fallback) while its code loads. */
  Page: ComponentType;
  /** Loads the page's code; once it has arrived, `Page` renders it without suspending. */
  preload(): Promise<unknown>;
}

/**
 * `React.lazy` that renders the page directly once its code is in. React reveals content that
 * suspended no sooner than 300 ms after its fallback appeared (so fallbacks do not flicker): a
 * page whose code was requested before React mounted (src/main.tsx) and preloaded before the
 * first render (src/app/start.tsx) must not go through a fallback at all.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then((c) => {
      loaded = c;
      return c;
    }));
  const Lazy = lazy(() => preload().then((c) => ({ default: c })));
  function Page() {
    const Component = loaded ?? Lazy;
    return <Component />;
  }
  return { Page, preload };
}
