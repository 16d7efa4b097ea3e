import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { AnalyticsPage, type AnalyticsSandbox } from './pages/analytics-page.ts';

// The analytics page answers first: one bar, the service form folded into it once connected,
// then region "Key figures" (checked against the sandbox's own CSV and credits, counted here),
// with the active-users tile and the chart above the fold at 1440×900.

test.use({ viewport: { width: 1440, height: 900 } });

const DATE = 'Timestamp Date (or Month)';
const FLAG = 'Active Sourcegraph User';
/** Columns that say who, where and when; every other column of the report is a count or a rate. */
const NOT_COUNTS = [
  'Instance user ID',
  'User Email',
  'Username',
  FLAG,
  'Client Name',
  DATE,
  'Language',
];
/** The event columns ("All events"). */
const EVENTS = [
  'Searches',
  'Code Navigation Events',
  'Code Insight Views',
  'Chat Events',
  'Command Events',
  'Combined Completion Suggestions',
  'Combined Completion Acceptances',
  'Auto-edit suggested events',
  'Auto-edit accepted events',
];

type Row = Record<string, string>;

/** The default report of the first sandbox instance, straight from the analytics service. */
async function sandboxReport(page: Page, info: AnalyticsSandbox): Promise<Row[]> {
  const res = await page.request.get(
    `${info.analytics_url}/api/reports/by-user-client-date?instanceURL=${encodeURIComponent(info.instances[0])}`,
    { headers: { Authorization: `Bearer ${info.tokens.analytics}` } },
  );
  expect(res.status()).toBe(200);
  const [header = [], ...rows] = Papa.parse<string[]>(await res.text(), {
    skipEmptyLines: true,
  }).data;
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

const shift = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * The tiles' figures counted from the rows: periods end on the latest date; a user counts when a
 * row of theirs in the period is marked active or has a count other than zero.
 */
function countFigures(
  rows: Row[],
  last = rows.reduce((m, r) => (r[DATE]! > m ? r[DATE]! : m), ''),
) {
  const counts = Object.keys(rows[0] ?? {}).filter((c) => !NOT_COUNTS.includes(c));
  const active = (r: Row) =>
    r[FLAG] === 'true' || counts.some((c) => r[c] !== '' && Number(r[c]) !== 0);
  const within = (from: string, to: string) =>
    rows.filter((r) => r[DATE]! >= from && r[DATE]! <= to);
  const users = (days: number, back: number) => {
    const to = shift(last, -back);
    const inPeriod = within(shift(to, -(days - 1)), to).filter(active);
    return new Set(inPeriod.map((r) => r['Instance user ID'])).size;
  };
  const events = (days: number, back: number) => {
    const to = shift(last, -back);
    return within(shift(to, -(days - 1)), to).reduce(
      (sum, r) => sum + EVENTS.reduce((s, c) => s + (r[c] ? Number(r[c]) : 0), 0),
      0,
    );
  };
  return {
    last,
    week: [users(7, 0), users(7, 7)],
    month: [users(30, 0), users(30, 30)],
    events: [events(30, 0), events(30, 30)],
  };
}

async function expectTile(
  analytics: AnalyticsPage,
  name: string,
  [current, previous]: number[],
  before: string,
) {
  await expect(analytics.tileValue(name)).toHaveText(fmt(current!));
  await expect(analytics.tile(name)).toContainText(`vs ${fmt(previous!)} ${before}`);
}

test('while not connected the service form is open; once connected it folds into the bar', async ({
  page,
}) => {
  const analytics = new AnalyticsPage(page);
  await analytics.open();
  await expect(analytics.serviceForm).toBeVisible();
  await expect(analytics.analyticsToken).toBeVisible();
  await expect(analytics.serviceButton).toHaveCount(0);
  // The bar is there all along.
  for (const control of [analytics.instanceHost, analytics.granularity, analytics.loadReportButton])
    await expect(control).toBeVisible();
  // Before a report, the tiles say how to get their figures instead of showing 0.
  await expect(analytics.tile('Active users, last 7 days')).toContainText('Load a report');
  await expect(analytics.tileValue('Active users, last 7 days')).toHaveCount(0);
  await expect(
    analytics.tile('Credits left').getByRole('button', { name: 'Load credits' }),
  ).toBeVisible();
  await expect(analytics.tileValue('Credits left')).toHaveCount(0);

  await analytics.useSandboxButton.click();
  await expect(analytics.connectedToSandbox).toBeVisible();
  await expect(analytics.serviceForm).toBeHidden();
  await expect(analytics.serviceButton).toHaveAttribute('aria-expanded', 'false');
  await expect(analytics.serviceButton).toBeFocused();
  await expect(analytics.instanceHost).not.toHaveValue('');
  await analytics.serviceButton.click();
  await expect(analytics.serviceForm).toBeVisible();
  await expect(analytics.serviceButton).toHaveAttribute('aria-expanded', 'true');
  await analytics.serviceButton.click();
  await expect(analytics.serviceForm).toBeHidden();

  // A refused token opens the form again, beside the error that says to check it.
  const info = await page.request
    .get('/sandbox.json')
    .then((r) => r.json() as Promise<AnalyticsSandbox>);
  await analytics.setAnalyticsToken(info.tokens.analytics_revoked);
  await analytics.serviceButton.click();
  await expect(analytics.serviceForm).toBeHidden();
  await analytics.loadReportButton.click();
  await expect(page.getByRole('alert')).toContainText('Check the Analytics token');
  await expect(analytics.serviceForm).toBeVisible();
  // A report that arrives folds it.
  await analytics.analyticsToken.fill(info.tokens.analytics);
  await analytics.loadReportButton.click();
  await expect(analytics.downloadCsv).toBeEnabled();
  await expect(analytics.serviceForm).toBeHidden();
});

test('after Load report the tiles equal the figures counted from the CSV, and sit above the fold', async ({
  page,
}) => {
  const analytics = new AnalyticsPage(page);
  const info = await analytics.connectToSandbox();
  await analytics.loadReport(info.instances[0], 'by_user_day_client_language');
  const rows = await sandboxReport(page, info);
  const all = countFigures(rows);
  expect(all.events[0], 'the sandbox has events in its last 30 days').toBeGreaterThan(0);

  await expect(analytics.keyFigures).toContainText(`Periods end on ${all.last}`);
  await expectTile(analytics, 'Active users, last 7 days', all.week, 'the 7 days before');
  await expectTile(analytics, 'Active users, last 30 days', all.month, 'the 30 days before');
  await expectTile(analytics, 'Events, last 30 days', all.events, 'the 30 days before');
  await expect(analytics.tile('Active users, last 7 days')).toContainText(
    `${shift(all.last, -6)} – ${all.last}`,
  );

  // Above the fold: the active-users tile and the whole report chart, drawn.
  await expect(analytics.chart.locator('canvas').first()).toBeVisible();
  for (const [what, box] of [
    ['active-users tile', await analytics.tile('Active users, last 7 days').boundingBox()],
    ['report chart', await analytics.chart.boundingBox()],
  ] as const) {
    expect(box, what).not.toBeNull();
    expect(box!.y, `${what} top`).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height, `${what} bottom`).toBeLessThanOrEqual(900);
  }

  // The tiles follow the preview's filters, like the chart: one client's rows only.
  const client = 'visualstudio.cody';
  // The periods stay those of the whole report (this client's last row may be older).
  const some = countFigures(
    rows.filter((r) => r['Client Name'] === client),
    all.last,
  );
  expect(some.week[0], 'fewer users on one client').toBeLessThan(all.week[0]!);
  await analytics.table.getByRole('searchbox', { name: 'Filter Client Name' }).fill(`=${client}`);
  await expect(analytics.keyFigures).toContainText('Rows that pass the filters only');
  await expectTile(analytics, 'Active users, last 7 days', some.week, 'the 7 days before');
  await expectTile(analytics, 'Active users, last 30 days', some.month, 'the 30 days before');
  await expectTile(analytics, 'Events, last 30 days', some.events, 'the 30 days before');
});

interface Bucket {
  activePeriod: { start: string; end: string };
  allocation: number;
  consumption: number;
  daily: { date: string; consumed: number }[];
}

test('Credits left: allocation − consumption of the bucket active today, and its run-out day', async ({
  page,
}) => {
  const analytics = new AnalyticsPage(page);
  const info = await analytics.connectToSandbox();
  const res = await page.request.get(
    `${info.analytics_url}/api/credits?instanceURL=${encodeURIComponent(info.instances[0])}`,
    { headers: { Authorization: `Bearer ${info.tokens.analytics}` } },
  );
  const { buckets } = (await res.json()) as { buckets: Bucket[] };
  const today = new Date().toISOString().slice(0, 10);
  const active = buckets.find((b) => b.activePeriod.start <= today && today <= b.activePeriod.end);
  if (!active) throw new Error('The sandbox has no bucket active today.');
  const left = active.allocation - active.consumption;
  // The recent rate: the last 7 days' consumption (today included), per day.
  const week = active.daily.filter((d) => d.date > shift(today, -7) && d.date <= today);
  const rate = week.reduce((s, d) => s + d.consumed, 0) / 7;
  const runOut = shift(today, Math.ceil(left / rate));

  const tile = analytics.tile('Credits left');
  await tile.getByRole('button', { name: 'Load credits' }).click();
  await expect(analytics.tileValue('Credits left')).toHaveText(fmt(left));
  await expect(tile).toContainText(`of ${fmt(active.allocation)}`);
  await expect(tile).toContainText(`Runs out ${runOut}`);
  // …and the details below: the buckets, the outlook, the chart.
  await expect(analytics.creditsChart).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const)
  test(`axe finds nothing on the page with a report, its tiles and credits (${scheme})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    const analytics = new AnalyticsPage(page);
    const info = await analytics.connectToSandbox();
    await analytics.loadReport(info.instances[0], 'by_user_day');
    await expect(analytics.tileValue('Active users, last 7 days')).toBeVisible();
    await analytics.loadCreditsButton.click();
    await expect(analytics.tileValue('Credits left')).toBeVisible();
    await expect(analytics.creditsChart).toBeVisible();
    // The service form open too.
    await analytics.serviceButton.click();
    await expect(analytics.serviceForm).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  });
