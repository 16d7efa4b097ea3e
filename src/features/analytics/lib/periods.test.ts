import { describe, expect, it } from 'vitest';
import {
  nextPeriod,
  periodKey,
  periodRange,
  periodsFor,
  periodStart,
  shiftDate,
} from './periods.ts';

describe('periodKey', () => {
  it.each([
    ['2025-03-14', 'day', '2025-03-14'],
    ['2025-03-14', 'month', '2025-03'],
    ['2025-03', 'month', '2025-03'],
    ['2025-03', 'day', ''],
    ['2025-03', 'week', ''],
    ['', 'week', ''],
    ['not a date', 'month', ''],
    // ISO weeks start on Monday; the year boundary belongs to the week of its Thursday.
    ['2024-12-29', 'week', '2024-W52'], // Sunday
    ['2024-12-30', 'week', '2025-W01'], // Monday of week 1 of 2025
    ['2025-01-01', 'week', '2025-W01'],
    ['2025-01-05', 'week', '2025-W01'], // Sunday
    ['2025-01-06', 'week', '2025-W02'], // Monday
    ['2021-01-03', 'week', '2020-W53'], // 2020 has 53 weeks
    ['2021-01-04', 'week', '2021-W01'],
    ['2026-12-31', 'week', '2026-W53'],
    ['2027-01-03', 'week', '2026-W53'],
    ['2027-01-04', 'week', '2027-W01'],
    ['2025-03-14T10:00:00Z', 'day', '2025-03-14'],
  ] as const)('%s per %s → %j', (value, per, key) => expect(periodKey(value, per)).toBe(key));
});

describe('periodStart and ranges', () => {
  it.each([
    ['2025-W01', '2024-12-30'],
    ['2020-W53', '2020-12-28'],
    ['2026-W01', '2025-12-29'],
    ['2025-02', '2025-02-01'],
    ['2025-02-17', '2025-02-17'],
    ['x', ''],
  ])('%s starts on %j', (key, start) => expect(periodStart(key)).toBe(start));

  it('steps across month and year ends', () => {
    expect(nextPeriod('2024-12-31', 'day')).toBe('2025-01-01');
    expect(nextPeriod('2024-02-28', 'day')).toBe('2024-02-29');
    expect(nextPeriod('2024-W52', 'week')).toBe('2025-W01');
    expect(nextPeriod('2020-W52', 'week')).toBe('2020-W53');
    expect(nextPeriod('2024-12', 'month')).toBe('2025-01');
    expect(periodRange('2024-W51', '2025-W02', 'week')).toEqual([
      '2024-W51',
      '2024-W52',
      '2025-W01',
      '2025-W02',
    ]);
    expect(periodRange('2025-02', '2025-01', 'month')).toEqual([]);
    expect(periodRange('2025-01-30', '2025-02-02', 'day')).toHaveLength(4);
  });

  it('offers the periods a date column can have and shifts dates', () => {
    expect(periodsFor('2025-01-02')).toEqual(['day', 'week', 'month']);
    expect(periodsFor('2025-01')).toEqual(['month']);
    expect(periodsFor('abc')).toEqual([]);
    expect(shiftDate('2025-03-01', -1)).toBe('2025-02-28');
    expect(shiftDate('2025-01', -1)).toBe('2024-12');
    expect(shiftDate('2025-01', 13)).toBe('2026-02');
  });
});
