import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FirstScreenGate } from './first-screen-gate.ts';

describe('FirstScreenGate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Whether `p` has settled once pending microtasks have run. */
  async function settled(p: Promise<void>): Promise<boolean> {
    let done = false;
    void p.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return done;
  }

  it('holds the worker until the page says the first screen is drawn', async () => {
    const gate = new FirstScreenGate();
    const waiting = gate.wait(500);
    await vi.advanceTimersByTimeAsync(300);
    expect(await settled(waiting)).toBe(false);
    gate.open();
    expect(await settled(waiting)).toBe(true);
  });

  it('goes on after maxMs when the page never says so (a hidden tab draws no frames)', async () => {
    const gate = new FirstScreenGate();
    const waiting = gate.wait(500);
    await vi.advanceTimersByTimeAsync(499);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('does not wait once the page has drawn it (the signal came first)', async () => {
    const gate = new FirstScreenGate();
    gate.open();
    expect(await settled(gate.wait(500))).toBe(true);
  });
});
