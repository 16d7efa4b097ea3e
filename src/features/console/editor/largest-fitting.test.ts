import { describe, expect, it } from 'vitest';
import { largestFitting } from './largest-fitting';

/** Runs largestFitting's steps to the end. */
function fitting(countAt: (n: number) => number, current: number, limit: number) {
  const steps = largestFitting(countAt, current, limit);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

describe('largestFitting', () => {
  it('finds the largest fitting value when the count is not affine', () => {
    expect(fitting((n) => n * n, 1000, 99)).toBe(9);
    expect(fitting((n) => (n < 40 ? n : 10 * n), 100, 100)).toBe(39);
  });

  it('gives nothing when 1 is over or the current value fits', () => {
    expect(fitting((n) => n + 100, 50, 100)).toBeUndefined();
    expect(fitting((n) => n, 50, 100)).toBeUndefined();
  });

  it('estimates at most once per step, and each value once', () => {
    const asked: number[] = [];
    const steps = largestFitting((n) => (asked.push(n), n * n), 1000, 99);
    let pauses = 0;
    for (let step = steps.next(), before = 0; !step.done; step = steps.next(), pauses++) {
      expect(asked.length - before).toBeLessThanOrEqual(1);
      before = asked.length;
    }
    expect(pauses).toBeGreaterThanOrEqual(asked.length);
    expect(new Set(asked).size).toBe(asked.length);
  });
});
