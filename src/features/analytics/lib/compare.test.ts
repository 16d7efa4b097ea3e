import { describe, expect, it } from 'vitest';
import { columnRoles } from './column-roles.ts';
import { comparePeriods } from './compare.ts';
import { ReportStore } from './csv-store.ts';

function report(header: string[], rows: string[][]) {
  const s = new ReportStore(header);
  s.append(rows);
  return { source: s.source(), cols: columnRoles(s.header, s.types(), s.leadingZeros()) };
}

const DAILY = ['Instance user ID', 'Timestamp Date (or Month)', 'Searches'];

describe('comparePeriods', () => {
  it('the last 7 days against the 7 before, users distinct over each period', () => {
    const rows: string[][] = [];
    // Days 2025-01-01 … 2025-01-14; users 1 and 2 every day of the first week, user 3 joins in
    // the second; the newest day is 2025-01-14.
    for (let d = 1; d <= 14; d++) {
      const day = `2025-01-${String(d).padStart(2, '0')}`;
      rows.push(['1', day, '1']);
      if (d <= 7) rows.push(['2', day, '2']);
      else rows.push(['3', day, '3']);
    }
    const { source, cols } = report(DAILY, rows);
    const users = comparePeriods(source, cols, { metric: { kind: 'active-users' }, length: 7 });
    expect(users).toEqual({
      ok: true,
      unit: 'day',
      current: { from: '2025-01-08', to: '2025-01-14', value: 2 },
      previous: { from: '2025-01-01', to: '2025-01-07', value: 2 },
      change: 0,
      percent: 0,
      first: '2025-01-01',
      last: '2025-01-14',
      partial: false,
    });
    const searches = comparePeriods(source, cols, {
      metric: { kind: 'column', name: 'Searches' },
      length: 7,
    });
    expect(searches.ok && [searches.current.value, searches.previous.value]).toEqual([28, 21]);
    expect(searches.ok && searches.percent).toBeCloseTo(33.333, 2);
    // 10 days: the previous period starts before the report does.
    const long = comparePeriods(source, cols, { metric: { kind: 'rows' }, length: 10 });
    expect(long.ok && long.partial).toBe(true);
  });

  it('months for a monthly report; no percentage from zero', () => {
    const { source, cols } = report(DAILY, [
      ['1', '2024-11', '0'],
      ['1', '2024-12', '5'],
      ['2', '2025-01', '4'],
    ]);
    const r = comparePeriods(source, cols, {
      metric: { kind: 'column', name: 'Searches' },
      length: 1,
    });
    expect(r).toMatchObject({
      ok: true,
      unit: 'month',
      current: { from: '2025-01', to: '2025-01', value: 4 },
      previous: { from: '2024-12', to: '2024-12', value: 5 },
      change: -1,
      percent: -20,
    });
    const r2 = comparePeriods(source, cols, {
      metric: { kind: 'column', name: 'Searches' },
      length: 2,
    });
    expect(r2).toMatchObject({ previous: { value: 0 }, change: 9, percent: null, partial: true });
  });

  it('explains what is missing', () => {
    const noDates = report(['Instance user ID', 'Searches'], [['1', '2']]);
    expect(
      comparePeriods(noDates.source, noDates.cols, { metric: { kind: 'rows' }, length: 7 }),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/no dates/) });
    const empty = report(DAILY, []);
    expect(
      comparePeriods(empty.source, empty.cols, { metric: { kind: 'rows' }, length: 7 }),
    ).toMatchObject({ ok: false });
  });
});
