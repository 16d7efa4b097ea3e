import { loadable } from '../../../shared/ui/loadable.tsx';

/**
 * What the pane shows only about a response it has (errors, headers, the trace link): chunks of
 * their own, requested when a run starts (`preloadResponseDetails`) like the viewer, so the first
 * screen, which has no response, does not carry them.
 */
const errors = loadable(() => import('./response-errors.tsx').then((m) => m.ResponseErrors));
const headers = loadable(() => import('./response-headers.tsx').then((m) => m.ResponseHeaders));
const trace = loadable(() => import('./trace-status.tsx').then((m) => m.TraceStatus));

export const ResponseErrors = errors.Component;
export const ResponseHeaders = headers.Component;
export const TraceStatus = trace.Component;

export function preloadResponseDetails(): void {
  for (const part of [errors, headers, trace]) void part.preload().catch(() => undefined);
}
