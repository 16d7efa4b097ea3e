import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DrawnGate } from './drawn-gate.ts';

describe('DrawnGate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** What `p` resolved with once pending microtasks have run; 'pending' if not yet. */
  async function outcome(p: Promise<boolean>): Promise<boolean | 'pending'> {
    let result: boolean | 'pending' = 'pending';
    void p.then((v) => (result = v));
    await vi.advanceTimersByTimeAsync(0);
    return result;
  }

  it('holds the worker until the page says it has drawn', async () => {
    const gate = new DrawnGate();
    const waiting = gate.wait(500);
    await vi.advanceTimersByTimeAsync(300);
    expect(await outcome(waiting)).toBe('pending');
    gate.open();
    expect(await outcome(waiting)).toBe(true);
  });

  it('goes on after maxMs when the page never says so (a hidden tab draws no frames)', async () => {
    const gate = new DrawnGate();
    const waiting = gate.wait(500);
    await vi.advanceTimersByTimeAsync(499);
    expect(await outcome(waiting)).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome(waiting)).toBe(false);
    // A late signal changes nothing.
    gate.open();
    expect(await outcome(waiting)).toBe(false);
  });

  it('does not wait once the page has drawn (the signal came first)', async () => {
    const gate = new DrawnGate();
    gate.open();
    expect(await outcome(gate.wait(500))).toBe(true);
  });
});
