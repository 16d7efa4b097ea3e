import { lazyOnce } from '../../../shared/lib/lazy-once.ts';
import { useStore } from '../../../shared/lib/store.ts';
import type * as Tools from './graphql-tools.ts';

export type GraphqlTools = typeof Tools;

const tools = lazyOnce(() => import('./graphql-tools.ts'));

/** Requests the GraphQL tools' chunk (graphql-tools.ts) once; resolves with it. */
export const loadGraphqlTools = tools.load;

/** The tools if their chunk is in already (what a synchronous caller can use now). */
export const graphqlToolsNow = tools.now;

/** Calls `listener` once the tools' chunk is in (without requesting it); returns the unsubscribe. */
export const onGraphqlTools = (listener: () => void): (() => void) =>
  tools.state.subscribe(listener);

/**
 * The tools, or undefined until their chunk is in: a component shows nothing derived from the
 * document before (no operation picker, no cost yet) and re-renders once they arrive.
 */
export const useGraphqlTools = (): GraphqlTools | undefined =>
  useStore(tools.state, (s) => s.value);

/** What to tell the user when the chunk did not load (offline, or the server was updated). */
export const TOOLS_FAILED =
  'The console’s GraphQL tools did not load (network error or a new version of the app). Reload the page; your tabs are kept.';
