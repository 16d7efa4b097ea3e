import { describe, expect, it } from 'vitest';
import { formatNumber, quantile, slope, summarize } from './stats.ts';

describe('bench statistics', () => {
  it('p90 of 20 values is the 18th smallest (nearest rank), whatever their order', () => {
    const xs = Array.from({ length: 20 }, (_, i) => (i * 7) % 20); // 0..19 shuffled
    expect(quantile(xs, 0.9)).toBe(17);
    expect(quantile(xs, 0.5)).toBe(9);
    expect(quantile([3, NaN, 1], 1)).toBe(3);
    expect(quantile([], 0.9)).toBeNaN();
  });

  it('slope is the least-squares fit, so one outlier window does not make a leak', () => {
    const line = [0, 1, 2, 3, 4].map((x): [number, number] => [x, 100 + 0.5 * x]);
    expect(slope(line)).toBeCloseTo(0.5, 12);
    const flatWithSpike: [number, number][] = [
      [0, 100],
      [1, 100],
      [2, 130],
      [3, 100],
      [4, 100],
    ];
    expect(slope(flatWithSpike)).toBeCloseTo(0, 12);
    expect(slope([[1, 5]])).toBeNaN();
  });

  it('a value under the floor prints as "< floor" (the Long Tasks API reports nothing shorter)', () => {
    expect(formatNumber(0, 50)).toBe('< 50');
    expect(formatNumber(49.9, 50)).toBe('< 50');
    expect(formatNumber(61, 50)).toBe('61');
    expect(formatNumber(0)).toBe('0');
    expect(summarize([0, 0, 61]).median).toBe(0);
  });
});
