import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint.ts';

describe('afterNextPaint', () => {
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
