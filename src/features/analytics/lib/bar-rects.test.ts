import { describe, expect, it } from 'vitest';
import { barRects } from './bar-rects.ts';

describe('barRects', () => {
  it('centres a bar on each value, a share of the narrowest column wide, from the base', () => {
    const rects = barRects([10, 20, 40], [50, 80, 100], 100, { share: 0.8, maxWidth: 40 });
    expect(rects).toEqual([
      [6, 50, 8, 50],
      [16, 80, 8, 20],
      [36, 100, 8, 0],
    ]);
  });

  it('draws negative values below the base', () => {
    expect(barRects([0, 10], [120, 90], 100, { share: 0.5, maxWidth: 40 })).toEqual([
      [-2.5, 100, 5, 20],
      [7.5, 90, 5, 10],
    ]);
  });

  it('skips null values and keeps bars between the minimum and maximum width', () => {
    expect(barRects([0, 1000], [10, null], 100, { share: 0.8, maxWidth: 40 })).toEqual([
      [-20, 10, 40, 90],
    ]);
    expect(barRects([0, 0.5, 1], [10, 20, 30], 100, { share: 0.8, maxWidth: 40 })).toEqual([
      [-0.5, 10, 1, 90],
      [0, 20, 1, 80],
      [0.5, 30, 1, 70],
    ]);
  });

  it('gives a single value the widest bar', () => {
    expect(barRects([50], [0], 100, { share: 0.8, maxWidth: 40 })).toEqual([[30, 0, 40, 100]]);
  });
});
