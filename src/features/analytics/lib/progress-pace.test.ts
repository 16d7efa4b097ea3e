import { describe, expect, it } from 'vitest';
import { ProgressPace } from './progress-pace.ts';

describe('ProgressPace', () => {
  it('reports at most once per interval', () => {
    const pace = new ProgressPace(200);
    expect(pace.due(1000, 10)).toBe(true);
    expect(pace.due(1100, 20)).toBe(false);
    expect(pace.due(1199, 30)).toBe(false);
    expect(pace.due(1200, 40)).toBe(true);
  });

  it('reports the first rows at once, even right after a report without rows', () => {
    const pace = new ProgressPace(200);
    // A first piece holding only the header: its progress goes out (bytes received)…
    expect(pace.waitingForRows).toBe(true);
    expect(pace.due(500, 0)).toBe(true);
    expect(pace.waitingForRows).toBe(true);
    // …and the rows parsed 10 ms later do not wait for the interval.
    expect(pace.due(510, 120)).toBe(true);
    expect(pace.waitingForRows).toBe(false);
    expect(pace.due(520, 240)).toBe(false);
  });
});
