import { describe, expect, it } from 'vitest';
import { creditSeries, dateToSeconds } from './chart-series.ts';

describe('creditSeries', () => {
  it('spreads consumption without daily data and projects the active bucket', () => {
    const s = creditSeries(
      [
        { id: 'a', start: '2025-01-01', end: '2025-01-03', allocation: 30, consumption: 30 },
        { id: 'b', start: '2025-01-04', end: '2025-01-07', allocation: 100, consumption: 20 },
      ],
      '2025-01-05',
    );
    expect(s.days).toEqual([
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-01-05',
      '2025-01-06',
      '2025-01-07',
    ]);
    expect(s.allocation).toEqual([30, 30, 30, 100, 100, 100, 100]);
    expect(s.consumed).toEqual([10, 20, 30, 10, 20, null, null]);
    expect(s.projection).toEqual([null, null, null, null, 20, 30, 40]);
  });

  it('uses daily consumption when present', () => {
    const s = creditSeries(
      [
        {
          id: 'a',
          start: '2025-02-01',
          end: '2025-02-03',
          allocation: 10,
          consumption: 5,
          daily: [
            { date: '2025-02-01', consumed: 1 },
            { date: '2025-02-03', consumed: 4 },
          ],
        },
      ],
      '2025-03-01',
    );
    expect(s.consumed).toEqual([1, 1, 5]);
    expect(s.projection).toEqual([null, null, null]);
  });

  it('is empty without buckets; converts dates to seconds', () => {
    expect(creditSeries([], '2025-01-01').days).toEqual([]);
    expect(dateToSeconds('2025-01-02')).toBe(Date.UTC(2025, 0, 2) / 1000);
    expect(dateToSeconds('2025-02')).toBe(Date.UTC(2025, 1, 1) / 1000);
  });
});
