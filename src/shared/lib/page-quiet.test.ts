import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  endQuietWait,
  holdQuiet,
  MAX_WAIT_MS,
  QUIET_MS,
  resetPageQuietForTests,
  whenPageQuiet,
  whenPageWanted,
} from './page-quiet.ts';

/** The window the module listens on for keys, stood in for by an EventTarget (Node has none). */
let win: EventTarget;

beforeEach(() => {
  vi.useFakeTimers();
  win = new EventTarget();
  vi.stubGlobal('addEventListener', win.addEventListener.bind(win));
  vi.stubGlobal('removeEventListener', win.removeEventListener.bind(win));
  resetPageQuietForTests();
});
afterEach(() => {
  resetPageQuietForTests();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Whether `p` has settled once the microtasks queued so far have run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

/** A promise and its resolve, standing for work the page waits on (a schema load). */
function work(): { promise: Promise<void>; finish(): void } {
  let finish = () => {};
  const promise = new Promise<void>((r) => (finish = r));
  return { promise, finish };
}

describe('whenPageQuiet', () => {
  it('resolves once nothing has been held for the quiet time', async () => {
    const quiet = whenPageQuiet();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    expect(await settled(quiet)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(quiet)).toBe(true);
    // Later calls are quiet at once.
    expect(await settled(whenPageQuiet())).toBe(true);
  });

  it('waits while work is held, then the quiet time again after it ends', async () => {
    const quiet = whenPageQuiet();
    const load = work();
    await vi.advanceTimersByTimeAsync(100);
    void holdQuiet(load.promise);
    await vi.advanceTimersByTimeAsync(QUIET_MS + 500);
    expect(await settled(quiet)).toBe(false);
    load.finish();
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    expect(await settled(quiet)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(quiet)).toBe(true);
  });

  it('counts work held before the first call, and failed work ends the hold too', async () => {
    const load = work();
    const failing = Promise.reject(new Error('no schema'));
    failing.catch(() => {});
    void holdQuiet(load.promise);
    void holdQuiet(failing).catch(() => {});
    const quiet = whenPageQuiet();
    await vi.advanceTimersByTimeAsync(QUIET_MS * 2);
    expect(await settled(quiet)).toBe(false);
    load.finish();
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(await settled(quiet)).toBe(true);
  });

  it('a key ends the wait at once, even while work is held', async () => {
    void holdQuiet(work().promise);
    const quiet = whenPageQuiet();
    await vi.advanceTimersByTimeAsync(10);
    expect(await settled(quiet)).toBe(false);
    win.dispatchEvent(new Event('keydown'));
    expect(await settled(quiet)).toBe(true);
  });

  it('endQuietWait ends the wait at once, also for calls made after it', async () => {
    void holdQuiet(work().promise);
    const quiet = whenPageQuiet();
    endQuietWait();
    expect(await settled(quiet)).toBe(true);
    resetPageQuietForTests();
    void holdQuiet(work().promise);
    endQuietWait();
    expect(await settled(whenPageQuiet())).toBe(true);
  });

  it('whenPageWanted waits for a key or endQuietWait, not for quiet', async () => {
    const wantedByKey = whenPageWanted();
    const quiet = whenPageQuiet();
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(await settled(quiet)).toBe(true);
    expect(await settled(wantedByKey)).toBe(false);
    win.dispatchEvent(new Event('keydown'));
    expect(await settled(wantedByKey)).toBe(true);
    resetPageQuietForTests();
    const wantedByFocus = whenPageWanted();
    endQuietWait();
    expect(await settled(wantedByFocus)).toBe(true);
  });

  it('never waits longer than the cap from the first call', async () => {
    void holdQuiet(work().promise);
    const quiet = whenPageQuiet();
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 1);
    expect(await settled(quiet)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(quiet)).toBe(true);
  });
});
