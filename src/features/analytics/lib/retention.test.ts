import { afterEach, describe, expect, it } from 'vitest';
import { columnRoles } from './column-roles.ts';
import { ReportStore } from './csv-store.ts';
import { CsvChunkParser } from './csv-stream.ts';
import { retention, type CohortPeriod } from './retention.ts';

/** A report from CSV text: `user,date,active flag,searches`. */
function cohorts(csv: string, per: CohortPeriod, keep?: (row: number) => boolean) {
  const parser = new CsvChunkParser();
  const rows = [
    ...parser.push('Instance user ID,Timestamp Date (or Month),Active Sourcegraph User,Searches\n'),
    ...parser.push(csv.trim() + '\n'),
    ...parser.end(),
  ];
  const store = new ReportStore(parser.header ?? []);
  store.append(rows);
  const source = store.source();
  const cols = columnRoles(store.header, store.types(), store.leadingZeros());
  const filtered = keep
    ? { ...source, rows: Uint32Array.from(rows.keys()).filter((r) => keep(r)) }
    : source;
  return retention(filtered, cols, per);
}

/** Cohort period → [users, after 1, 2, 4, 8]. */
function table(r: ReturnType<typeof retention>) {
  if (!r.ok) throw new Error(r.message);
  return Object.fromEntries(r.cohorts.map((c) => [c.period, [c.users, ...c.retained]]));
}

const tz = process.env.TZ;
afterEach(() => {
  process.env.TZ = tz;
});

describe('retention cohorts by ISO week (Monday to Sunday, UTC dates)', () => {
  it('a Sunday and the Monday after are two weeks; 2024-12-30 is in 2025-W01', () => {
    // Users judged in a time zone behind UTC: a date must never slip to the day before.
    process.env.TZ = 'America/Los_Angeles';
    const r = cohorts(
      `
1,2024-12-29,true,1
1,2024-12-30,true,1
2,2025-01-05,true,1
2,2025-01-06,true,1
3,2025-01-06,true,1
`,
      'week',
    );
    // 2024-12-29 is a Sunday (2024-W52); the next day, a Monday, starts 2025-W01, which runs to
    // Sunday 2025-01-05; 2025-01-06 starts 2025-W02.
    expect(table(r)).toEqual({
      '2024-W52': [1, 1, 0, null, null],
      '2025-W01': [1, 1, null, null, null],
      '2025-W02': [1, null, null, null, null],
    });
    expect(r.ok && r.cohorts.map((c) => c.from)).toEqual([
      '2024-12-23',
      '2024-12-30',
      '2025-01-06',
    ]);
    // The report starts on a Sunday and ends on a Monday: both ends are cut.
    expect(r.ok && [r.firstPartial, r.lastPartial]).toEqual([true, true]);
  });

  it('counts 1, 2, 4 and 8 weeks later; empty weeks are cohorts of 0; unknown is null, not 0', () => {
    const r = cohorts(
      `
1,2025-01-06,true,1
1,2025-01-14,true,0
1,2025-01-20,false,3
1,2025-02-03,true,0
1,2025-03-03,true,0
2,2025-01-07,true,1
2,2025-01-12,true,1
3,2025-01-27,true,1
3,2025-02-03,true,1
`,
      'week',
    );
    // User 1: first W02; active W03 (+1), W04 (+2, by a count on an unflagged row), W06 (+4),
    // W10 (+8). User 2: W02 only (both rows in it). User 3: W05, then W06 (+1).
    // W07 … W09 have no new user: cohorts of 0. From W03 on, +8 lies after the report (W10).
    const t = table(r);
    expect(t['2025-W02']).toEqual([2, 1, 1, 1, 1]);
    expect(t['2025-W03']).toEqual([0, 0, 0, 0, null]);
    expect(t['2025-W05']).toEqual([1, 1, 0, 0, null]);
    expect(t['2025-W07']).toEqual([0, 0, 0, null, null]);
    expect(t['2025-W09']).toEqual([0, 0, null, null, null]);
    expect(t['2025-W10']).toEqual([0, null, null, null, null]);
    expect(Object.keys(t)).toHaveLength(9);
  });

  it('users active in one week only are in their cohort and never retained', () => {
    // User 2's Tuesday and Sunday are the same week.
    const r = cohorts(
      `
1,2025-03-03,true,1
2,2025-03-04,true,1
2,2025-03-09,true,1
3,2025-03-10,true,1
`,
      'week',
    );
    expect(table(r)).toEqual({
      '2025-W10': [2, 0, null, null, null],
      '2025-W11': [1, null, null, null, null],
    });
  });

  it('a row without activity does not make a user seen; a blank user is nobody', () => {
    const r = cohorts(
      `
1,2025-03-03,false,0
1,2025-03-10,true,1
,2025-03-03,true,5
2,2025-03-03,false,
`,
      'week',
    );
    expect(table(r)).toEqual({
      '2025-W10': [0, 0, null, null, null],
      '2025-W11': [1, null, null, null, null],
    });
  });
});

describe('retention cohorts by month', () => {
  it('the 31st of January and the 1st of February are one month apart; leap days count', () => {
    const r = cohorts(
      `
1,2024-01-31,true,1
1,2024-02-01,true,1
1,2024-02-29,true,1
1,2024-03-01,true,1
2,2024-02-29,true,1
2,2024-06-30,true,1
2,2024-10-01,true,1
`,
      'month',
    );
    // User 1: January, then February (+1) and March (+2), not May (+4) or September (+8).
    // User 2: first 29 February, then June (+4) and October (+8).
    expect(table(r)).toEqual({
      '2024-01': [1, 1, 1, 0, 0],
      '2024-02': [1, 0, 0, 1, 1],
      '2024-03': [0, 0, 0, 0, null],
      '2024-04': [0, 0, 0, 0, null],
      '2024-05': [0, 0, 0, 0, null],
      '2024-06': [0, 0, 0, 0, null],
      '2024-07': [0, 0, 0, null, null],
      '2024-08': [0, 0, 0, null, null],
      '2024-09': [0, 0, null, null, null],
      '2024-10': [0, null, null, null, null],
    });
    expect(r.ok && [r.firstPartial, r.lastPartial]).toEqual([true, true]);
  });

  it('a monthly report has months; weeks are refused with what to do', () => {
    const monthly = `
1,2025-01,true,1
1,2025-02,true,1
`;
    expect(table(cohorts(monthly, 'month'))).toEqual({
      '2025-01': [1, 1, null, null, null],
      '2025-02': [1 - 1, null, null, null, null],
    });
    const weeks = cohorts(monthly, 'week');
    expect(weeks.ok).toBe(false);
    expect(!weeks.ok && weeks.message).toMatch(/choose cohorts by month/);
  });

  it('follows the filters: only the rows passed in count', () => {
    const csv = `
1,2025-01-10,true,1
1,2025-02-10,true,1
2,2025-02-11,true,1
`;
    // Without the first row, user 1 is first seen in February.
    expect(table(cohorts(csv, 'month', (r) => r !== 0))).toEqual({
      '2025-02': [2, null, null, null, null],
    });
  });
});
