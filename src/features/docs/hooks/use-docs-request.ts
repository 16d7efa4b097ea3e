import { useEffect, useRef } from 'react';
import type { DocsRef, DocsRequest } from '../docs-props.ts';

/**
 * Acts on each request of the console once, including one made before the panel's chunk
 * loaded: shows the place (`show`) or focuses the search box (`search`), then reports it done.
 */
export function useDocsRequest(
  request: DocsRequest | undefined,
  onRequestDone: (request: DocsRequest) => void,
  actions: { show(ref: DocsRef): void; focusSearch(): void },
): void {
  const handled = useRef<DocsRequest>(undefined);
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    if (!request || handled.current === request) return;
    handled.current = request;
    if (request.kind === 'search') latest.current.focusSearch();
    else latest.current.show(request.ref);
    onRequestDone(request);
  }, [request, onRequestDone]);
}
