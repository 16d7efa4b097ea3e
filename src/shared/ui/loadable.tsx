import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { lazyOnce } from '../lib/lazy-once.ts';

/** A component whose code is a chunk of its own, loaded on demand or ahead of time. */
export interface Loadable<P extends object> {
  /**
   * Renders the component once its code is in (at once when it already is), `placeholder`
   * until then. A failed load throws to the nearest error boundary, whose "Try again" mounts
   * this again and so loads again.
   */
  Component: ComponentType<P>;
  /** Starts loading (once; again after a failure). */
  preload(): Promise<ComponentType<P>>;
}

/**
 * What `React.lazy` in a Suspense boundary does, without the boundary: React reveals content
 * that suspended no sooner than 300 ms after the boundary's fallback appeared (so fallbacks do
 * not flicker), which would make every first opening of a lazy panel, dialog or page take
 * 300 ms even with its code fetched ahead. Here the code's arrival is a state change, shown at once.
 */
export function loadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder: ReactNode = null,
): Loadable<P> {
  const code = lazyOnce(load);
  const preload = code.load;

  function Loaded(props: P) {
    const [state, setState] = useState<{ component?: ComponentType<P>; error?: unknown }>(() => ({
      component: code.now(),
    }));
    const Inner = state.component ?? code.now();
    useEffect(() => {
      if (Inner || state.error !== undefined) return;
      let live = true;
      preload().then(
        (component) => live && setState({ component }),
        (error: unknown) => live && setState({ error: error ?? new Error('Loading failed.') }),
      );
      return () => {
        live = false;
      };
    }, [Inner, state.error]);
    if (state.error !== undefined) throw state.error;
    return Inner ? <Inner {...props} /> : placeholder;
  }
  return { Component: Loaded, preload };
}
