/**
 * When deferred work runs: the one place for the page's timing rules.
 *
 * - `afterNextPaint(run)`: in a task after the next frame is painted (an animation frame runs
 *   just before style, layout and paint; a task posted from it runs after them). What the first
 *   screen does not need starts there, so it neither delays a paint nor lengthens its task. A
 *   hidden page paints nothing, so it runs at once there.
 * - `whenIdle(run, timeoutMs)`: in an idle moment (requestIdleCallback), at most `timeoutMs` later.
 * - The page-quiet rule: what a page does at start that the user waits for (a schema on its way,
 *   held with `holdQuiet`) goes before what can come later (an editor's language, the other
 *   editors, prefetched panels), which waits in `whenPageQuiet`. The page is quiet once nothing
 *   has been held for QUIET_MS. A key pressed anywhere, or `endQuietWait` (focus in an editor),
 *   ends the wait at once (whoever types wants the editors now), and nothing waits longer than
 *   MAX_WAIT_MS from the first `whenPageQuiet` call.
 * - `whenIdleAfterPaint()`: the three in a row, for a chunk the first screen can do without.
 */

/** Runs `run` in a task after the next paint (at once in a hidden page); returns its cancel. */
export function afterNextPaint(run: () => void): () => void {
  if (
    typeof requestAnimationFrame !== 'function' ||
    (typeof document !== 'undefined' && document.visibilityState === 'hidden')
  ) {
    run();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(run, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Runs `run` in an idle moment, at most `timeoutMs` later (soon where there is no idle callback). */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const id = requestIdleCallback(run, { timeout: timeoutMs });
  return () => cancelIdleCallback(id);
}

/** The longest an after-paint load waits for an idle moment once the page is quiet. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Resolves once the page has painted, then is quiet, and then has an idle moment (at most
 * IDLE_TIMEOUT_MS later; no idle wait once a key was pressed or an editor focused).
 */
export function whenIdleAfterPaint(): Promise<void> {
  return new Promise<void>((resolve) => afterNextPaint(resolve))
    .then(whenPageQuiet)
    .then(() =>
      Promise.race([
        whenPageWanted(),
        new Promise<void>((resolve) => whenIdle(resolve, IDLE_TIMEOUT_MS)),
      ]),
    );
}

/** How long nothing must be held before the page counts as quiet (ms). */
export const QUIET_MS = 250;
/** The longest `whenPageQuiet` waits, from its first call (ms). */
export const MAX_WAIT_MS = 2000;

let held = 0;
let quietTimer: ReturnType<typeof setTimeout> | undefined;
let maxTimer: ReturnType<typeof setTimeout> | undefined;
let gate: Promise<void> | undefined;
let open: (() => void) | undefined;

function restartQuietTimer(): void {
  if (quietTimer !== undefined) clearTimeout(quietTimer);
  quietTimer = held === 0 && open ? setTimeout(() => open?.(), QUIET_MS) : undefined;
}

let wanted: Promise<void> | undefined;
/** null once wanted. */
let markWanted: (() => void) | null | undefined;

/** Resolves once a key is pressed or `endQuietWait` is called (not on quiet or the cap). */
export function whenPageWanted(): Promise<void> {
  wanted ??= new Promise<void>((resolve) => (markWanted = resolve));
  listenForKeys();
  return wanted;
}

const onKey = () => endQuietWait();
let listening = false;

/** Listens for the first key (capture, anywhere) until the page is wanted. */
function listenForKeys(): void {
  if (listening || markWanted === null) return;
  listening = true;
  addEventListener('keydown', onKey, true);
}

/**
 * Ends the wait now (for every `whenPageQuiet`, then and later): the user shows they are about
 * to use what waits (focus in an editor). A key pressed anywhere does the same.
 */
export function endQuietWait(): void {
  whenPageWanted();
  markWanted?.();
  markWanted = null;
  if (listening) removeEventListener('keydown', onKey, true);
  listening = false;
  if (open) open();
  else gate ??= Promise.resolve();
}

/**
 * Resolves once the page is quiet (see above), a key is pressed, or MAX_WAIT_MS have passed
 * since the first call; at once for every call after that.
 */
export function whenPageQuiet(): Promise<void> {
  gate ??= new Promise<void>((resolve) => {
    open = () => {
      open = undefined;
      clearTimeout(quietTimer);
      clearTimeout(maxTimer);
      quietTimer = maxTimer = undefined;
      resolve();
    };
    listenForKeys();
    maxTimer = setTimeout(() => open?.(), MAX_WAIT_MS);
    restartQuietTimer();
  });
  return gate;
}

/** Holds the page busy (not quiet) until `work` settles; returns `work`. */
export function holdQuiet<T>(work: Promise<T>): Promise<T> {
  held++;
  restartQuietTimer();
  const release = () => {
    held--;
    restartQuietTimer();
  };
  work.then(release, release);
  return work;
}

/** Tests only: forgets the gate and what is held. */
export function resetPageQuietForTests(): void {
  if (listening) removeEventListener('keydown', onKey, true);
  listening = false;
  clearTimeout(quietTimer);
  clearTimeout(maxTimer);
  held = 0;
  quietTimer = maxTimer = undefined;
  gate = open = undefined;
  wanted = markWanted = undefined;
}
