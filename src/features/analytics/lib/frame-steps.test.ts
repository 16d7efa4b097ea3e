import { describe, expect, it } from 'vitest';
import { stepPerFrame } from './frame-steps.ts';

/** A hand-driven frame clock. */
function frames() {
  let queue: (() => void)[] = [];
  return {
    schedule(run: () => void) {
      queue.push(run);
      return () => {
        queue = queue.filter((r) => r !== run);
      };
    },
    tick() {
      const runs = queue;
      queue = [];
      for (const run of runs) run();
    },
    get waiting() {
      return queue.length;
    },
  };
}

describe('stepPerFrame', () => {
  it('takes one step per frame, none at once, and stops at the total', () => {
    const clock = frames();
    const steps: number[] = [];
    stepPerFrame(3, (s) => steps.push(s), clock.schedule);
    expect(steps).toEqual([]);
    clock.tick();
    expect(steps).toEqual([1]);
    clock.tick();
    expect(steps).toEqual([1, 2]);
    clock.tick();
    expect(steps).toEqual([1, 2, 3]);
    expect(clock.waiting).toBe(0);
    clock.tick();
    expect(steps).toEqual([1, 2, 3]);
  });

  it('takes no further step once stopped', () => {
    const clock = frames();
    const steps: number[] = [];
    const stop = stepPerFrame(3, (s) => steps.push(s), clock.schedule);
    clock.tick();
    stop();
    expect(clock.waiting).toBe(0);
    clock.tick();
    expect(steps).toEqual([1]);
  });

  it('takes no step for a total of 0', () => {
    const clock = frames();
    const steps: number[] = [];
    stepPerFrame(0, (s) => steps.push(s), clock.schedule);
    clock.tick();
    expect(steps).toEqual([]);
    expect(clock.waiting).toBe(0);
  });
});
