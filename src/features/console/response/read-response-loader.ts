import { lazyOnce } from '../../../shared/lib/lazy-once.ts';

/**
 * The response's reading and formatting client (read-response.ts), a chunk of its own: nothing
 * on the first screen reads a response, so it loads with the viewer in idle time after it, or
 * when a run starts, whichever comes first.
 */
export const loadResponseReader = lazyOnce(() => import('./read-response.ts')).load;
