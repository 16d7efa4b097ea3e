import { useEffect } from 'react';
import { prefetchSandboxIfServed } from './sandbox-fill.ts';

/** What a "Use sandbox" button spreads: the pointer or the focus on it fetch its answer. */
const PREFETCH_ON_APPROACH = {
  onPointerEnter: prefetchSandboxIfServed,
  onFocus: prefetchSandboxIfServed,
};

/**
 * "Use sandbox" without a round trip (sandbox-fill.ts `prefetchSandboxInfo`): while `likely`
 * (no token entered yet, so the button is the likely next click) its answer is fetched as the
 * panel shows; otherwise when the pointer or the focus reaches the button, whose props this
 * returns.
 */
export function useSandboxPrefetch(likely: boolean): typeof PREFETCH_ON_APPROACH {
  useEffect(() => {
    if (likely) prefetchSandboxIfServed();
  }, [likely]);
  return PREFETCH_ON_APPROACH;
}
