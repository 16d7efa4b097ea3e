import { whenPageQuiet, whenPageWanted } from '../../../shared/lib/page-quiet.ts';

/** The longest an after-paint load waits for an idle moment once the page is quiet. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Resolves once the page has painted, then is quiet (`whenPageQuiet`: a schema on its way and
 * its rendering go first; a key pressed ends the wait), and then has an idle moment (at most
 * IDLE_TIMEOUT_MS later): a requestAnimationFrame callback runs just before the paint, a task
 * posted from it runs after, and requestIdleCallback waits for the keys and frames of the moment
 * to be handled. What an editor does not need to accept text (its language, the Variables and
 * Headers editors) starts here, so it neither delays the first paint nor competes with the first
 * keystrokes or the first schema.
 */
export function whenIdleAfterPaint(): Promise<void> {
  return new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  })
    .then(whenPageQuiet)
    .then(() =>
      // Once the user has shown they want it (a key, focus in an editor), no idle wait.
      Promise.race([
        whenPageWanted(),
        new Promise<void>((resolve) => {
          if (typeof requestIdleCallback === 'function')
            requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
          else resolve();
        }),
      ]),
    );
}
