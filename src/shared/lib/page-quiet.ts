/**
 * When the page is quiet: what a page does at start that the user waits for (a schema on its
 * way, held with `holdQuiet`) goes before what can come later (an editor's language, the other
 * editors, prefetched panels), which waits in `whenPageQuiet`.
 *
 * The page is quiet once nothing has been held for QUIET_MS. A key pressed anywhere, or
 * `endQuietWait` (focus in an editor), ends the wait at once (whoever types wants the editors'
 * language now), and nothing waits longer than MAX_WAIT_MS from the first `whenPageQuiet` call.
 *
 * Why: on a fresh load the deferred chunks' evaluation (~50 ms of main-thread tasks) ran exactly
 * while "Use sandbox" was clicked and the schema's answer came in, and held Docs back by ~100 ms
 * (bench `big-schema`, issue 13).
 */

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
