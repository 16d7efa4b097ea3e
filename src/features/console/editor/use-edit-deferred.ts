import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from '../../../shared/lib/schedule.ts';

/**
 * `live`, with what typing changed shown in a render after the keystroke's frame: while
 * `sameShape` holds between `live` and the deferred copy (the same tab, the same tabs), the
 * deferred copy, brought up to date in a task after the next paint (so neither the keystroke's
 * task nor its frame renders it); any other change (another tab, a tab opened or closed) at once.
 */
export function useEditDeferred<T>(live: T, sameShape: (live: T, deferred: T) => boolean): T {
  const [deferred, setDeferred] = useState(live);
  // Setting the copy it already holds renders nothing.
  useEffect(() => afterNextPaint(() => startTransition(() => setDeferred(live))), [live]);
  return sameShape(live, deferred) ? deferred : live;
}
