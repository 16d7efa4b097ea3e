import { expect, test } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.ts';
import { cellNumber, sandboxReport, type ReportRecord } from './pages/sandbox-report.ts';

// Region "Retention" for the default report, checked against cohorts the test counts itself
// from the sandbox's CSV (fetched over HTTP): weeks by their Monday, months by `YYYY-MM`.

const DAY_MS = 86_400_000;
/** Columns that say who, where and when; any other column holding a number other than 0 is activity. */
const NOT_COUNTS = new Set([
  'Instance user ID',
  'User Email',
  'Username',
  'Active Sourcegraph User',
  'Client Name',
  'Timestamp Date (or Month)',
  'Language',
]);
const OFFSETS = [1, 2, 4, 8];

/** A user is active on a row marked active or with a number other than 0 (README "Key figures"). */
function active(r: ReportRecord): boolean {
  if (r['Active Sourcegraph User'] === 'true') return true;
  return Object.entries(r).some(([k, v]) => !NOT_COUNTS.has(k) && v !== '' && Number(v) !== 0);
}

/** Period number of a date: weeks since 1970 counted from Mondays, or months since year 0. */
function periodOf(day: string, per: 'week' | 'month'): number {
  if (per === 'month') return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
  const ms = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0
  return Math.round((ms - weekday * DAY_MS - Date.UTC(1969, 11, 29)) / (7 * DAY_MS)); // a Monday
}

/** The label the table gives a period: the Monday of a week, the `YYYY-MM` of a month. */
function labelOf(p: number, per: 'week' | 'month'): string {
  if (per === 'month') return `${Math.floor(p / 12)}-${String((p % 12) + 1).padStart(2, '0')}`;
  return new Date(Date.UTC(1969, 11, 29) + p * 7 * DAY_MS).toISOString().slice(0, 10);
}

/** Label → [users, retained after 1, 2, 4, 8 (null: after the report)]. */
function cohorts(rows: ReportRecord[], per: 'week' | 'month'): Map<string, (number | null)[]> {
  const activeIn = new Map<string, Set<number>>();
  let first = Infinity;
  let last = -Infinity;
  for (const r of rows) {
    const p = periodOf(r['Timestamp Date (or Month)'] ?? '', per);
    first = Math.min(first, p);
    last = Math.max(last, p);
    const user = r['Instance user ID'] ?? '';
    if (!user || !active(r)) continue;
    const set = activeIn.get(user) ?? new Set<number>();
    set.add(p);
    activeIn.set(user, set);
  }
  const out = new Map<string, (number | null)[]>();
  for (let p = first; p <= last; p++) {
    const cohort = [...activeIn.values()].filter((s) => Math.min(...s) === p);
    out.set(labelOf(p, per), [
      cohort.length,
      ...OFFSETS.map((k) => (p + k > last ? null : cohort.filter((s) => s.has(p + k)).length)),
    ]);
  }
  return out;
}

/** The retention table as label → numbers (a week's label is its Monday, from "(from …)"). */
async function shown(an: AnalyticsPage, per: 'week' | 'month') {
  const table = an.retention.getByRole('table', {
    name: new RegExp(`^Retention by first active ${per}: of the users first active in each`),
  });
  const [head = [], ...body] = await an.tableCells(table);
  expect(head).toEqual([
    `First active ${per}`,
    'Users',
    `After 1 ${per}`,
    `After 2 ${per}s`,
    `After 4 ${per}s`,
    `After 8 ${per}s`,
  ]);
  return new Map(
    body.map(([label = '', ...cells]) => [
      per === 'week' ? (/\(from (\d{4}-\d{2}-\d{2})\)/.exec(label)?.[1] ?? label) : label,
      cells.map(cellNumber),
    ]),
  );
}

test('retention of the default report, by week and by month, as counted from its CSV', async ({
  page,
}) => {
  const an = new AnalyticsPage(page);
  const info = await an.connectToSandbox();
  await an.loadReport(info.instances[0], 'by_user_day_client_language');
  const rows = await sandboxReport(page.request, info);

  await expect(an.cohortsBy).toHaveValue('week');
  expect(await an.cohortsBy.locator('option').allTextContents()).toEqual([
    'first active week',
    'first active month',
  ]);
  const weeks = cohorts(rows, 'week');
  // The report spans many weeks: some users come back, some cohorts are empty.
  expect(weeks.size).toBeGreaterThan(8);
  expect([...weeks.values()].some((c) => (c[1] ?? 0) > 0)).toBe(true);
  expect([...weeks.values()].some((c) => c[0] === 0)).toBe(true);
  await expect.poll(async () => (await shown(an, 'week')).size).toBe(weeks.size);
  expect(await shown(an, 'week')).toEqual(weeks);
  await expect(
    an.retention.getByRole('figure', { name: /^Retention chart: .* by first active week/ }),
  ).toBeVisible();

  await an.cohortsBy.selectOption({ label: 'first active month' });
  const months = cohorts(rows, 'month');
  await expect.poll(async () => (await shown(an, 'month')).size).toBe(months.size);
  expect(await shown(an, 'month')).toEqual(months);
});

test('a monthly report has month cohorts only; a report without dates says what to load', async ({
  page,
}) => {
  const an = new AnalyticsPage(page);
  const info = await an.connectToSandbox();
  await an.loadReport(info.instances[0], 'by_user_month');
  await expect(an.cohortsBy).toHaveValue('month');
  await expect(an.cohortsBy.locator('option', { hasText: 'first active week' })).toBeDisabled();
  const months = cohorts(await sandboxReport(page.request, info, 'by_user_month'), 'month');
  await expect.poll(async () => (await shown(an, 'month')).size).toBe(months.size);
  expect(await shown(an, 'month')).toEqual(months);

  await an.loadReport(info.instances[0], 'by_user');
  await expect(an.retention.getByRole('status')).toHaveText(
    'This report has no dates: load one by day or by month to see retention.',
  );
});
