import { describe, expect, it } from 'vitest';
import { ProgressThrottle, type Clock } from './progress-throttle.ts';

/** A clock whose frames and timers run only when the test says so. */
function fakeClock() {
  let now = 0;
  let frames: (() => void)[] = [];
  const timers: { at: number; run: () => void; gone: boolean }[] = [];
  const clock: Clock = {
    now: () => now,
    frame(cb) {
      frames.push(cb);
      return () => (frames = frames.filter((f) => f !== cb));
    },
    after(ms, run) {
      const t = { at: now + ms, run, gone: false };
      timers.push(t);
      return () => (t.gone = true);
    },
  };
  return {
    clock,
    /** Moves time on, firing the timers that fall due, then one animation frame. */
    advance(ms: number) {
      now += ms;
      for (const t of timers.filter((t) => !t.gone && t.at <= now)) {
        t.gone = true;
        t.run();
      }
      const due = frames;
      frames = [];
      for (const f of due) f();
    },
    pending: () => frames.length + timers.filter((t) => !t.gone).length,
  };
}

describe('ProgressThrottle', () => {
  it('shows the first value on the next frame, then the latest at most every interval', () => {
    const c = fakeClock();
    const shown: number[] = [];
    const t = new ProgressThrottle<number>((v) => shown.push(v), 100, c.clock);
    t.push(1);
    expect(shown).toEqual([]);
    c.advance(16);
    expect(shown).toEqual([1]);
    t.push(2);
    t.push(3);
    c.advance(16);
    c.advance(16);
    expect(shown).toEqual([1]);
    c.advance(70);
    expect(shown).toEqual([1, 3]);
    // Nothing new: nothing shown, nothing left waiting.
    c.advance(200);
    expect(shown).toEqual([1, 3]);
    expect(c.pending()).toBe(0);
    // After a quiet spell the next value goes on the next frame again.
    t.push(4);
    c.advance(16);
    expect(shown).toEqual([1, 3, 4]);
  });

  it('shows nothing more once cancelled', () => {
    const c = fakeClock();
    const shown: number[] = [];
    const t = new ProgressThrottle<number>((v) => shown.push(v), 100, c.clock);
    t.push(1);
    c.advance(16);
    t.push(2);
    t.cancel();
    c.advance(200);
    expect(shown).toEqual([1]);
    expect(c.pending()).toBe(0);
    t.push(3);
    c.advance(200);
    expect(shown).toEqual([1]);
  });
});
