import { expect, test } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.ts';
import { startExtraServer, type ExtraServer } from './server.ts';

// A report with more rows than Chrome can lay out at the table's row height (its elements stop
// growing at ~33.5 M px: about 1.19 M rows of 28 px), so the table must map its scroll range
// onto the rows instead of being as tall as all of them.
const SCALE = 1_500_000;
const CHROME_MAX_ROWS = Math.floor(33_554_428 / 28);

let server: ExtraServer;

test.beforeAll(async () => {
  server = await startExtraServer({ SANDBOX_REPORT_SCALE: String(SCALE) });
});

test.afterAll(async () => {
  await server?.stop();
});

/** The last CSV line the analytics service sends for `host` (from a report of its last days). */
async function lastLine(host: string): Promise<string[]> {
  const from = new Date(Date.now() - 4 * 86_400_000).toISOString().slice(0, 10);
  const url = `${server.info.analytics_url}/api/reports/by-user-client-date?instanceURL=${encodeURIComponent(host)}&granularity=by_user_day_client_language&startDate=${from}`;
  const res = await fetch(url, {
    headers: { Authorization: `Bearer ${server.info.tokens.analytics}` },
  });
  expect(res.status).toBe(200);
  const lines = (await res.text()).trimEnd().split('\r\n');
  return (lines.at(-1) ?? '').split(',');
}

test('a report taller than Chrome can lay out scrolls to its last row, by keyboard', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const host = new URL(server.info.base_url).host;
  const expected = await lastLine(host);

  const analytics = new AnalyticsPage(page);
  await analytics.open(`${server.url}/analytics`);
  await analytics.useSandbox();
  await expect(analytics.serviceButton).toContainText(new URL(server.info.analytics_url).host);
  await analytics.submitReport({ host, granularity: 'by_user_day_client_language' });
  await expect(analytics.downloadCsv).toBeEnabled({ timeout: 240_000 });

  const total = Number(
    ((await analytics.rowsStatus.textContent()) ?? '').replace(/ rows.*$/, '').replace(/,/g, ''),
  );
  expect(total).toBeGreaterThan(CHROME_MAX_ROWS);
  const table = analytics.table;
  await expect(table).toHaveAttribute('aria-rowcount', String(total + 1));

  // The rows are below the answers (tiles, chart, summary, comparison): once those are in (they
  // move the rows down as they come), bring the rows to the top of the window.
  await expect(analytics.tileValue('Active users, last 7 days')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Summary' })).toBeVisible();
  await expect(
    page
      .getByRole('figure', { name: /^Summary chart/ })
      .locator('canvas')
      .first(),
  ).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Compare periods' }).getByRole('table'),
  ).toBeVisible();
  await analytics.rowsScroller.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await analytics.rowsScroller.focus();
  await page.keyboard.press('Control+End');

  // The last row is rendered with its number and the values the server sent last.
  const last = analytics.row(total + 1);
  await expect(last.getByRole('rowheader')).toHaveText(String(total));
  await expect(last).toBeInViewport();
  const cells = last.getByRole('cell');
  const header = await table.getByRole('columnheader').allTextContents();
  const col = (name: string) => header.findIndex((h) => h.startsWith(name)) - 1;
  for (const name of ['Instance user ID', 'Client Name', 'Timestamp Date', 'Language'])
    await expect(cells.nth(col(name))).toHaveText(expected[col(name)] ?? '');

  // PageUp and Home move from there: one screen up, then back to row 1.
  await page.keyboard.press('PageUp');
  await expect(last).not.toBeInViewport();
  await page.keyboard.press('Control+Home');
  await expect(analytics.row(2).getByRole('rowheader')).toHaveText('1');
});
