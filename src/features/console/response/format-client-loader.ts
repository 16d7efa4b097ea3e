import type * as FormatClient from './format-client.ts';

let loading: Promise<typeof FormatClient> | undefined;

/**
 * The response's reading and formatting client (format-client.ts), a chunk of its own: nothing
 * on the first screen reads a response, so it loads with the viewer in idle time after it, or
 * when a run starts, whichever comes first.
 */
export function loadFormatClient(): Promise<typeof FormatClient> {
  loading ??= import('./format-client.ts').catch((e: unknown) => {
    loading = undefined; // the next run tries again
    throw e;
  });
  return loading;
}
