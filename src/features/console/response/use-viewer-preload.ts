import { useEffect } from 'react';
import { loadResponseViewer } from './viewer-loader.ts';

/** Fetches the response viewer's code once the page is idle after its first render. */
export function useViewerPreload(): void {
  useEffect(() => {
    const load = () => void loadResponseViewer().catch(() => {});
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(load, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(load, 200);
    return () => clearTimeout(id);
  }, []);
}
