import { useDeferredValue } from 'react';

/**
 * `live`, with what typing changed shown in a render after the keystroke's task: while `sameShape`
 * holds between `live` and React's deferred copy (the same tab, the same tabs), the deferred copy;
 * any other change (another tab, a tab opened or closed) at once.
 */
export function useEditDeferred<T>(live: T, sameShape: (live: T, deferred: T) => boolean): T {
  const deferred = useDeferredValue(live);
  return sameShape(live, deferred) ? deferred : live;
}
