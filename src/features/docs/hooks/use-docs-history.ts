import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocsLocation } from '../lib/locations.ts';

export type { DocsLocation };

const HOME: DocsLocation = { kind: 'home' };
const MAX_TRAIL = 40;

function readTrail(state: unknown): DocsLocation[] | undefined {
  const nav = (state as { docsNav?: { trail?: unknown } } | null)?.docsNav;
  return Array.isArray(nav?.trail) && nav.trail.length ? (nav.trail as DocsLocation[]) : undefined;
}

function same(a: DocsLocation, b: DocsLocation): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Docs navigation on the browser's history: each page is a `pushState` entry with the same URL
 * (the query's fragment is left alone) and the trail in `history.state.docsNav`, so the browser's
 * back button walks back through the panel. The panel's own Back/Forward call history.back/forward.
 */
export function useDocsHistory() {
  const [trail, setTrail] = useState<DocsLocation[]>(
    () => readTrail(window.history.state) ?? [HOME],
  );
  const trailRef = useRef(trail);
  const forward = useRef<DocsLocation[][]>([]);
  const [canForward, setCanForward] = useState(false);
  // The href the console last wrote (its fragment follows the query): restored after a Docs pop
  // so that going back in the Docs never brings back an older query in the address bar.
  const lastHref = useRef(window.location.href);

  useEffect(() => {
    trailRef.current = trail;
  }, [trail]);

  useEffect(() => {
    const tick = setInterval(() => (lastHref.current = window.location.href), 250);
    const onPop = (e: PopStateEvent) => {
      const next = readTrail(e.state) ?? [HOME];
      const prev = trailRef.current;
      if (next.length < prev.length) forward.current.push(prev);
      else if (next.length > prev.length) forward.current.pop();
      setCanForward(forward.current.length > 0);
      setTrail(next);
      const before = new URL(lastHref.current);
      if (
        readTrail(e.state) &&
        before.pathname === window.location.pathname &&
        before.hash !== window.location.hash
      )
        window.history.replaceState(e.state, '', lastHref.current);
      lastHref.current = window.location.href;
    };
    window.addEventListener('popstate', onPop);
    return () => {
      clearInterval(tick);
      window.removeEventListener('popstate', onPop);
    };
  }, []);

  const push = useCallback((loc: DocsLocation) => {
    const cur = trailRef.current;
    const last = cur.at(-1);
    if (last && same(last, loc)) return;
    const next = [...cur, loc].slice(-MAX_TRAIL);
    window.history.pushState({ ...(window.history.state ?? {}), docsNav: { trail: next } }, '');
    lastHref.current = window.location.href;
    forward.current = [];
    setCanForward(false);
    trailRef.current = next;
    setTrail(next);
  }, []);

  const back = useCallback(() => {
    if (trailRef.current.length > 1) window.history.back();
  }, []);
  const goForward = useCallback(() => {
    if (forward.current.length) window.history.forward();
  }, []);
  /** Breadcrumb: go back to trail position i. */
  const goTo = useCallback((i: number) => {
    const steps = i - (trailRef.current.length - 1);
    if (steps < 0) window.history.go(steps);
  }, []);

  return { trail, current: trail.at(-1) ?? HOME, push, back, goForward, goTo, canForward };
}
