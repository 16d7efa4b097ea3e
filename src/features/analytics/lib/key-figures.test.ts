import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { columnRoles } from './column-roles.ts';
import { ReportStore } from './csv-store.ts';
import { change, keyFigures } from './key-figures.ts';

function report(csv: string) {
  const [header = [], ...rows] = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true }).data;
  const s = new ReportStore(header);
  s.append(rows);
  return { source: s.source(), cols: columnRoles(s.header, s.types(), s.leadingZeros()) };
}

// The report's latest date is Monday 2025-03-31, so (by hand):
//   last 7 days  2025-03-25 … 2025-03-31   the 7 before  2025-03-18 … 2025-03-24
//   last 30 days 2025-03-02 … 2025-03-31   the 30 before 2025-01-31 … 2025-03-01
// User 1 is active in both 7-day periods; user 2 only has a blank row marked active (a billable
// action); user 4 has a row with zeros, not marked: no action. Users 2/3, 5/6, 8/9 sit on either
// side of a period's first day.
const DAILY = `
Instance user ID,Username,Active Sourcegraph User,Timestamp Date (or Month),Searches,Chat Events,Combined CAR
1,alice,true,2025-03-31,2,0,0.5
1,alice,true,2025-03-20,1,,
2,bob,true,2025-03-25,,,
3,chloé,true,2025-03-24,3,0,
4,dmitri,false,2025-03-30,0,0,0
5,søren,true,2025-03-18,,4,
6,zoë,true,2025-03-17,2,,
7,łukasz,false,2025-03-01,5,,
8,ana,true,2025-01-31,1,,
9,ömer,true,2025-01-30,,7,
`;

describe('keyFigures', () => {
  it('counts active users and events per period, ending on the report’s latest date', () => {
    const { source, cols } = report(DAILY);
    const k = keyFigures(source, cols);
    expect(k).toEqual({
      ok: true,
      unit: 'day',
      last: '2025-03-31',
      first: '2025-01-30',
      activeWeek: {
        current: { from: '2025-03-25', to: '2025-03-31', value: 2 }, // 1, 2 (not 4)
        currentPartial: false,
        previous: { from: '2025-03-18', to: '2025-03-24', value: 3 }, // 1, 3, 5
        wanted: { from: '2025-03-18', to: '2025-03-24' },
      },
      activeMonth: {
        current: { from: '2025-03-02', to: '2025-03-31', value: 5 }, // 1 (once), 2, 3, 5, 6
        currentPartial: false,
        previous: { from: '2025-01-31', to: '2025-03-01', value: 2 }, // 7 (events), 8
        wanted: { from: '2025-01-31', to: '2025-03-01' },
      },
      events: {
        // Searches + Chat Events: 2 + 1 + 3 + 0 + 4 + 2 (the rate is not an event).
        current: { from: '2025-03-02', to: '2025-03-31', value: 12 },
        currentPartial: false,
        previous: { from: '2025-01-31', to: '2025-03-01', value: 6 }, // 5 + 1 (not user 9's 7)
        wanted: { from: '2025-01-31', to: '2025-03-01' },
      },
      activeFlag: 'Active Sourcegraph User',
    });
    expect(change(k.ok ? k.activeWeek! : (undefined as never))).toEqual({
      delta: -1,
      percent: (-1 / 3) * 100,
    });
  });

  it('a previous period with no rows is 0 when the report covers it, and absent when not', () => {
    const csv = `
Instance user ID,Active Sourcegraph User,Timestamp Date (or Month),Searches
1,true,2025-03-31,1
2,true,2025-03-30,1
`;
    const { source, cols } = report(csv);
    // Asked from 2025-03-01: the 7 days before (03-18 … 03-24) are in the report and empty.
    const asked = keyFigures(source, cols, '2025-03-01');
    expect(asked.ok && asked.activeWeek).toEqual({
      current: { from: '2025-03-25', to: '2025-03-31', value: 2 },
      currentPartial: false,
      previous: { from: '2025-03-18', to: '2025-03-24', value: 0 },
      wanted: { from: '2025-03-18', to: '2025-03-24' },
    });
    expect(asked.ok && change(asked.activeWeek!)).toEqual({ delta: 2, percent: null });
    // The 30 days before start before the report (2025-01-30 < 2025-03-01): not compared.
    expect(asked.ok && asked.activeMonth.previous).toBeUndefined();
    expect(asked.ok && asked.activeMonth.currentPartial).toBe(false);
    // All time: the report starts on its first date with rows (03-30), so neither previous
    // period is covered, and the current ones only partly.
    const all = keyFigures(source, cols);
    expect(all.ok && [all.first, all.activeWeek!.previous, all.activeWeek!.currentPartial]).toEqual(
      ['2025-03-30', undefined, true],
    );
  });

  it('follows the rows that pass the filters', () => {
    const { source, cols } = report(DAILY);
    // Rows 0, 1 (user 1 on 03-31 and 03-20) and 4 (user 4, no action); the periods stay those
    // of the whole report.
    const k = keyFigures({ ...source, rows: Uint32Array.from([0, 1, 4]) }, cols);
    expect(k.ok && [k.last, k.activeWeek!.current.value, k.activeWeek!.previous?.value]).toEqual([
      '2025-03-31',
      1,
      1,
    ]);
    expect(k.ok && k.events!.current.value).toBe(3);
  });

  it('a monthly report: its latest month against the month before, no 7 days', () => {
    const csv = `
Instance user ID,Active Sourcegraph User,Timestamp Date (or Month),Searches
1,true,2025-01,4
1,true,2025-02,1
2,false,2025-02,0
3,true,2025-03,
2,true,2025-03,2
`;
    const { source, cols } = report(csv);
    const k = keyFigures(source, cols);
    expect(k).toMatchObject({
      ok: true,
      unit: 'month',
      last: '2025-03',
      first: '2025-01-01',
      activeWeek: undefined,
      activeMonth: {
        current: { from: '2025-03', to: '2025-03', value: 2 },
        previous: { from: '2025-02', to: '2025-02', value: 1 },
      },
      events: { current: { value: 2 }, previous: { value: 1 } },
    });
  });

  it('without a flag column every row with a count is activity; blank user IDs are nobody', () => {
    const csv = `
Username,Timestamp Date (or Month),Searches
alice,2025-03-31,1
bob,2025-03-31,0
,2025-03-31,5
`;
    const { source, cols } = report(csv);
    const k = keyFigures(source, cols);
    expect(k.ok && [k.activeWeek!.current.value, k.events!.current.value, k.activeFlag]).toEqual([
      1,
      6,
      undefined,
    ]);
  });

  it('says what the report lacks: users, dates, rows', () => {
    const noDates = report('Instance user ID,Searches\n1,2');
    expect(keyFigures(noDates.source, noDates.cols)).toEqual({ ok: false, reason: 'no-dates' });
    const noUsers = report('Timestamp Date (or Month),Searches\n2025-03-01,2');
    expect(keyFigures(noUsers.source, noUsers.cols)).toEqual({ ok: false, reason: 'no-users' });
    const empty = report('Instance user ID,Timestamp Date (or Month),Searches\n1,2025-03-01,2');
    expect(keyFigures({ ...empty.source, rows: new Uint32Array(0) }, empty.cols)).toEqual({
      ok: false,
      reason: 'no-rows',
    });
  });
});
