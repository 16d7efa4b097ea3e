import { describe, expect, it } from 'vitest';
import { latestPerFrame } from './latest-per-frame.ts';

/** A hand-driven frame clock. */
function frames() {
  const queue: (() => void)[] = [];
  return {
    schedule: (run: () => void) => void queue.push(run),
    tick() {
      const runs = queue.splice(0);
      for (const run of runs) run();
    },
    get waiting() {
      return queue.length;
    },
  };
}

describe('latestPerFrame', () => {
  it('applies only the latest of the values pushed before a frame, once', () => {
    const clock = frames();
    const applied: number[] = [];
    const l = latestPerFrame<number>((v) => applied.push(v), clock.schedule);
    l.push(1);
    l.push(2);
    l.push(3);
    expect(applied).toEqual([]);
    expect(clock.waiting).toBe(1);
    clock.tick();
    expect(applied).toEqual([3]);
  });

  it('schedules again for values pushed after a frame ran', () => {
    const clock = frames();
    const applied: string[] = [];
    const l = latestPerFrame<string>((v) => applied.push(v), clock.schedule);
    l.push('a');
    clock.tick();
    l.push('b');
    clock.tick();
    clock.tick();
    expect(applied).toEqual(['a', 'b']);
  });

  it('drops a cancelled value (the final state arrived meanwhile)', () => {
    const clock = frames();
    const applied: number[] = [];
    const l = latestPerFrame<number>((v) => applied.push(v), clock.schedule);
    l.push(1);
    l.cancel();
    clock.tick();
    expect(applied).toEqual([]);
    l.push(2);
    clock.tick();
    expect(applied).toEqual([2]);
  });
});
