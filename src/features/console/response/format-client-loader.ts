import { lazyOnce } from '../../../shared/lib/lazy-once.ts';

/**
 * The response's reading and formatting client (format-client.ts), a chunk of its own: nothing
 * on the first screen reads a response, so it loads with the viewer in idle time after it, or
 * when a run starts, whichever comes first.
 */
export const loadFormatClient = lazyOnce(() => import('./format-client.ts')).load;
