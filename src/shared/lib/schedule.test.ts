import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterNextPaint,
  endQuietWait,
  holdQuiet,
  MAX_WAIT_MS,
  QUIET_MS,
  resetPageQuietForTests,
  whenIdle,
  whenPageQuiet,
  whenPageWanted,
} from './schedule.ts';

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

describe('afterNextPaint', () => {
  it('runs at once in a hidden page, which paints nothing', () => {
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    const run = vi.fn();
    afterNextPaint(run);
    expect(run).toHaveBeenCalledTimes(1);
    expect(frames).toHaveLength(0);
  });

  const frames: (() => void)[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    frames.length = 0;
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => (frames[id - 1] = () => undefined));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs in a task after the frame callback, not in it', () => {
    const run = vi.fn();
    afterNextPaint(run);
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();
    frames[0]!();
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not run once cancelled, before or after the frame', () => {
    const before = vi.fn();
    afterNextPaint(before)();
    frames[0]!();
    vi.runAllTimers();
    expect(before).not.toHaveBeenCalled();

    const after = vi.fn();
    const cancel = afterNextPaint(after);
    frames[1]!();
    cancel();
    vi.runAllTimers();
    expect(after).not.toHaveBeenCalled();
  });
});

describe('whenIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks for an idle moment with the timeout, and cancels it', () => {
    const asked: Array<{ cb: () => void; timeout?: number }> = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void, o?: { timeout?: number }) =>
      asked.push({ cb, timeout: o?.timeout }),
    );
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const run = vi.fn();
    const cancel = whenIdle(run, 750);
    expect(asked).toEqual([{ cb: run, timeout: 750 }]);
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('runs in a task where there is no idle callback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const run = vi.fn();
    whenIdle(run, 750);
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
