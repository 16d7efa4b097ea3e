import { describe, expect, it } from 'vitest';
import type { CreditBucket } from './credits.ts';
import { addDays, daysBetween } from '../../../shared/contracts/dates.ts';
import { bucketSummary, projectRunOut } from './credit-series.ts';

const jan: CreditBucket = {
  id: 'jan',
  start: '2026-01-01',
  end: '2026-01-31',
  allocation: 3100,
  consumption: 1000,
};

describe('date helpers', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-12-31', 1, '2027-01-01'],
  ])('addDays(%s, %d) = %s', (d, n, out) => expect(addDays(d, n)).toBe(out));
  it('daysBetween', () => {
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(30);
    expect(daysBetween('2026-03-29', '2026-03-30')).toBe(1);
  });
});

describe('bucketSummary', () => {
  it.each<
    [Partial<CreditBucket>, string, { percentUsed: number; active: boolean; remaining: number }]
  >([
    [{}, '2026-01-10', { percentUsed: (1000 / 3100) * 100, active: true, remaining: 2100 }],
    [{}, '2026-01-01', { percentUsed: (1000 / 3100) * 100, active: true, remaining: 2100 }],
    [{}, '2026-01-31', { percentUsed: (1000 / 3100) * 100, active: true, remaining: 2100 }],
    [{}, '2026-02-01', { percentUsed: (1000 / 3100) * 100, active: false, remaining: 2100 }],
    [{}, '2025-12-31', { percentUsed: (1000 / 3100) * 100, active: false, remaining: 2100 }],
    [{ consumption: 0 }, '2026-01-10', { percentUsed: 0, active: true, remaining: 3100 }],
    [{ consumption: 3720 }, '2026-01-10', { percentUsed: 120, active: true, remaining: -620 }],
    [
      { allocation: 0, consumption: 0 },
      '2026-01-10',
      { percentUsed: 0, active: true, remaining: 0 },
    ],
    [
      { allocation: 0, consumption: 5 },
      '2026-01-10',
      { percentUsed: 100, active: true, remaining: -5 },
    ],
  ])('%j on %s', (patch, today, out) => {
    expect(bucketSummary({ ...jan, ...patch }, today)).toEqual(out);
  });
});

describe('projectRunOut', () => {
  it('is undefined for a bucket that is not active', () => {
    expect(projectRunOut(jan, '2025-12-31')).toBeUndefined();
    expect(projectRunOut(jan, '2026-02-01')).toBeUndefined();
  });

  it('uses the average since the start without daily data', () => {
    // 10 days elapsed (Jan 1..10), 1000 consumed → 100/day; 2100 left → 21 days → Jan 31.
    expect(projectRunOut(jan, '2026-01-10')).toEqual({
      ratePerDay: 100,
      runOutDate: '2026-01-31',
      runsOutBeforeEnd: true,
    });
  });

  it('runs out after the end when consumption is slow', () => {
    // 500 over 10 days = 50/day; 2600 left → 52 days after Jan 10.
    const r = projectRunOut({ ...jan, consumption: 500 }, '2026-01-10');
    expect(r).toEqual({ ratePerDay: 50, runOutDate: '2026-03-03', runsOutBeforeEnd: false });
  });

  it('rounds a part day up to the day it runs out', () => {
    // 2000 consumed over 10 days = 200/day; 1100 left = 5.5 days → Jan 16.
    const r = projectRunOut({ ...jan, consumption: 2000 }, '2026-01-10');
    expect(r?.runOutDate).toBe('2026-01-16');
  });

  it('uses the last 7 days of daily data as the current rate', () => {
    const daily = Array.from({ length: 10 }, (_, i) => ({
      date: addDays('2026-01-01', i),
      consumed: i < 3 ? 0 : 140, // a slow start, then 140/day
    }));
    const b = { ...jan, consumption: 980, daily };
    // 7 days × 140 / 7 = 140/day; 2120 left → 15.14 → 16 days → Jan 26.
    expect(projectRunOut(b, '2026-01-10')).toEqual({
      ratePerDay: 140,
      runOutDate: '2026-01-26',
      runsOutBeforeEnd: true,
    });
  });

  it('on the first days the window is the days elapsed; missing days count as zero', () => {
    const b = { ...jan, consumption: 300, daily: [{ date: '2026-01-01', consumed: 300 }] };
    expect(projectRunOut(b, '2026-01-03')?.ratePerDay).toBe(100);
  });

  it('zero consumption never runs out', () => {
    expect(projectRunOut({ ...jan, consumption: 0 }, '2026-01-10')).toEqual({
      ratePerDay: 0,
      runsOutBeforeEnd: false,
    });
  });

  it('an exhausted or over-consumed bucket has run out today', () => {
    expect(projectRunOut({ ...jan, consumption: 3100 }, '2026-01-10')).toMatchObject({
      runOutDate: '2026-01-10',
      runsOutBeforeEnd: true,
    });
    expect(projectRunOut({ ...jan, consumption: 4000 }, '2026-01-10')?.runOutDate).toBe(
      '2026-01-10',
    );
  });

  it('running out on the last day counts as before the end', () => {
    const r = projectRunOut({ ...jan, allocation: 3100, consumption: 1000 }, '2026-01-10');
    expect(r?.runOutDate).toBe(jan.end);
    expect(r?.runsOutBeforeEnd).toBe(true);
  });
});
