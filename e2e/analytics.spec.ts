import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import Papa from 'papaparse';
import { AnalyticsPage } from './pages/analytics-page.ts';
import { closedOrigin } from './server.ts';

const table = (page: Page) => page.getByRole('table', { name: 'Report preview' });
const rowCount = (page: Page) =>
  page.getByRole('region', { name: 'Report rows' }).getByRole('status');

/** The row count as the page writes it: `1 row`, `4,687 rows`. */
function rowsText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;
}

async function rowsShown(page: Page): Promise<number> {
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  const text = (await rowCount(page).textContent()) ?? '';
  return Number(text.replace(/ rows?.*$/, '').replace(/,/g, ''));
}

test('the console page does not load any analytics code', async ({ page }) => {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await page.goto('/debug/console');
  await expect(page.getByRole('link', { name: 'Analytics' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(urls.length).toBeGreaterThan(1);
  expect(urls.filter((u) => /analytics-page|uplot|papaparse|report\.worker/i.test(u))).toEqual([]);
  // …and the analytics tab does load its chunk when opened.
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('button', { name: 'Load report' })).toBeVisible();
  expect(urls.some((u) => u.includes('analytics-page'))).toBe(true);
});

test('each granularity shows its columns', async ({ page }) => {
  const info = await new AnalyticsPage(page).connectToSandbox();
  const host = info.instances[0];
  const expectations: [string, string[], string[]][] = [
    ['by_user', ['Instance user ID', 'Username', 'Searches'], ['Timestamp Date (or Month)']],
    ['by_user_month', ['Timestamp Date (or Month)', 'Chat Events'], ['Client Name', 'Language']],
    ['by_user_day', ['Timestamp Date (or Month)'], ['Client Name', 'Language']],
    ['by_user_day_client_language', ['Client Name', 'Language', 'Timestamp Date (or Month)'], []],
  ];
  for (const [granularity, present, absent] of expectations) {
    await new AnalyticsPage(page).submitReport({ host, granularity });
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    for (const name of present)
      await expect(
        table(page).getByRole('columnheader', { name: new RegExp(`^${escape(name)}`) }),
      ).toHaveCount(1);
    for (const name of absent)
      await expect(
        table(page).getByRole('columnheader', { name: new RegExp(`^${escape(name)}`) }),
      ).toHaveCount(0);
    expect(await rowsShown(page)).toBeGreaterThan(0);
  }
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a pasted URL is reduced to its host; dates change the rows; sort and filter work', async ({
  page,
}) => {
  const info = await new AnalyticsPage(page).connectToSandbox();
  await new AnalyticsPage(page).submitReport({
    host: `http://${info.instances[0]}/search?q=x`,
    granularity: 'by_user_day',
  });
  await expect(page.getByText(`Using host: ${info.instances[0]}`)).toBeVisible();
  const all = await rowsShown(page);
  // The busiest day of the report (from the service directly), then only that day.
  const direct = async (q: string) => {
    const res = await page.request.get(
      `${info.analytics_url}/api/reports/by-user-client-date?instanceURL=${info.instances[0]}&granularity=by_user_day${q}`,
      { headers: { Authorization: `Bearer ${info.tokens.analytics}` } },
    );
    return Papa.parse<string[]>(await res.text(), { skipEmptyLines: true }).data.slice(1);
  };
  const allRows = await direct('');
  expect(allRows.length).toBe(all);
  const perDay = new Map<string, number>();
  for (const r of allRows) perDay.set(r[4] ?? '', (perDay.get(r[4] ?? '') ?? 0) + 1);
  const day = [...perDay.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await new AnalyticsPage(page).submitReport({ start: day, end: day });
  await expect(rowCount(page)).not.toHaveText(rowsText(all));
  const oneDay = await rowsShown(page);
  expect(oneDay).toBe(perDay.get(day));
  expect(oneDay).toBeLessThan(all);
  const parsed = await direct(`&startDate=${day}&endDate=${day}`);
  expect(parsed.length).toBe(oneDay);

  // Sort by Searches descending: the first row holds the largest value.
  const header = table(page).getByRole('columnheader', { name: /^Searches/ });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  const searches = table(page).getByRole('row').nth(1).getByRole('cell').nth(5);
  await expect(searches).not.toHaveText('');
  const top = Number((await searches.textContent())!.replace(/[^\d.]/g, ''));

  // Column filters narrow the rows; the count says how many match (checked against the CSV).
  const atLeastTop = parsed.filter((r) => r[5] !== '' && Number(r[5]) >= top).length;
  expect(atLeastTop).toBeGreaterThan(0);
  await table(page).getByRole('searchbox', { name: 'Filter Searches' }).fill(`>=${top}`);
  await expect(rowCount(page)).toHaveText(
    atLeastTop === oneDay
      ? rowsText(oneDay)
      : `${rowsText(oneDay)} · ${rowsText(atLeastTop)} match the filters`,
  );
  await page.getByRole('searchbox', { name: 'Filter Searches' }).fill('');
  const firstUser = parsed[0]?.[2] ?? '';
  expect(firstUser).not.toBe('');
  const sameUser = parsed.filter((r) => r[2] === firstUser).length;
  await page.getByRole('searchbox', { name: 'Filter Username' }).fill(`=${firstUser}`);
  expect(sameUser).toBeLessThan(oneDay);
  await expect(rowCount(page)).toContainText(`${rowsText(sameUser)} match the filters`);
  await page.getByRole('searchbox', { name: 'Filter Username' }).fill('');
  await page.getByRole('searchbox', { name: 'Filter all columns' }).fill('zzz-no-such-value');
  await expect(page.getByText('0 rows match the filters')).toBeVisible();
});

test('Download CSV saves exactly the bytes the server sends, from the one request', async ({
  page,
}) => {
  const info = await new AnalyticsPage(page).connectToSandbox();
  const host = info.instances[0];
  // Report requests from the page and its workers (the report worker sends its own).
  const reportRequests: string[] = [];
  page.context().on('request', (r) => {
    if (r.url().includes('/relay/analytics/api/reports/')) reportRequests.push(r.url());
  });
  await new AnalyticsPage(page).submitReport({ host, granularity: 'by_user_day_client_language' });
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    `report_${host.replace(/:/g, '-')}_by_user_day_client_language_all_all.csv`,
  );
  const saved = await (await download.createReadStream()).toArray();
  const res = await page.request.get(
    `${info.analytics_url}/api/reports/by-user-client-date?instanceURL=${encodeURIComponent(host)}&granularity=by_user_day_client_language`,
    { headers: { Authorization: `Bearer ${info.tokens.analytics}` } },
  );
  const direct = await res.body();
  const file = Buffer.concat(saved as Buffer[]);
  expect(file.length).toBe(direct.length);
  expect(file.equals(direct)).toBe(true);
  // Load and download: one report request; the file is the bytes kept from the load.
  expect(reportRequests).toHaveLength(1);
});

test('the report chart and the credit consumption chart render', async ({ page }) => {
  const info = await new AnalyticsPage(page).connectToSandbox();
  await new AnalyticsPage(page).submitReport({
    host: info.instances[0],
    granularity: 'by_user_day',
  });
  const chart = page.getByRole('figure', { name: /Report chart/ });
  await expect(chart).toBeVisible();
  await chart.getByRole('combobox', { name: 'Chart metric' }).selectOption('Chat Events');
  await expect(chart).toContainText('Chat Events per day');
  const canvas = chart.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box!.width).toBeGreaterThan(100);
  expect(box!.height).toBeGreaterThan(50);
  await chart.getByText('Chart data as a table').click();
  await expect(chart.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('button', { name: 'Load credits' }).click();
  const credits = page.getByRole('figure', { name: /Credit consumption/ });
  await expect(credits).toBeVisible();
  const cbox = await credits.locator('canvas').first().boundingBox();
  expect(cbox!.width).toBeGreaterThan(100);
  await expect(page.getByRole('table', { name: 'Credit buckets' })).toContainText('%');
  await expect(page.getByRole('status').filter({ hasText: /^Active bucket / })).toBeVisible();
});

test('the tab with a report, its chart and credits has no axe violations', async ({ page }) => {
  test.setTimeout(180_000);
  const info = await new AnalyticsPage(page).connectToSandbox();
  await new AnalyticsPage(page).submitReport({
    host: info.instances[0],
    granularity: 'by_user_month',
  });
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  await page.getByRole('button', { name: 'Load credits' }).click();
  await expect(page.getByRole('figure', { name: /Credit consumption/ })).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
});

test('form errors are shown beside the fields and nothing typed is lost', async ({ page }) => {
  await new AnalyticsPage(page).connectToSandbox();
  await new AnalyticsPage(page).submitReport({
    host: 'acme.example',
    start: '2025-03-10',
    end: '2025-03-01',
  });
  const end = page.getByLabel('End date');
  await expect(end).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/before start date/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Instance host' })).toHaveValue('acme.example');
  await expect(page.getByLabel('Start date')).toHaveValue('2025-03-10');
});

test.describe('bad answers from the service', () => {
  test('429, HTML page, empty body, header only', async ({ page }) => {
    const info = await new AnalyticsPage(page).connectToSandbox();
    await new AnalyticsPage(page).submitReport({ host: info.instances[0], granularity: 'by_user' });
    const before = await rowsShown(page);
    await new AnalyticsPage(page).submitReport({ host: 'fault-429.example' });
    await expect(page.getByRole('alert')).toContainText('Retry in 7 s');
    // A failed request keeps the report already shown.
    await expect(rowCount(page)).toHaveText(rowsText(before));
    await expect(page.getByRole('textbox', { name: 'Instance host' })).toHaveValue(
      'fault-429.example',
    );
    await new AnalyticsPage(page).submitReport({ host: 'fault-html.example' });
    await expect(page.getByRole('alert')).toContainText('the server sent an HTML page');
    await expect(page.getByRole('alert')).toContainText('Check the Analytics URL');
    await new AnalyticsPage(page).submitReport({ host: 'fault-empty.example' });
    await expect(page.getByRole('alert')).toContainText('empty response');
    await new AnalyticsPage(page).submitReport({ host: 'fault-header-only.example' });
    await expect(
      page.getByRole('status').filter({ hasText: 'No rows for this range' }),
    ).toBeVisible();
    await expect(table(page)).toBeVisible();
  });

  test('BOM and ragged rows: warned, kept, and the first header has no BOM', async ({ page }) => {
    await new AnalyticsPage(page).connectToSandbox();
    await new AnalyticsPage(page).submitReport({ host: 'fault-bom.example' });
    await expect(page.getByText(/2 rows have a different number of fields/)).toBeVisible();
    await expect(page.getByText(/The first is on line \d+/)).toBeVisible();
    await expect(table(page).getByRole('columnheader', { name: /^Instance user ID/ })).toHaveCount(
      1,
    );
    expect(await rowsShown(page)).toBe(40);
  });

  test('revoked and expired tokens: the body is shown with what to do', async ({ page }) => {
    const info = await new AnalyticsPage(page).connectToSandbox();
    for (const role of ['analytics_revoked', 'analytics_expired'] as const) {
      await new AnalyticsPage(page).setAnalyticsToken(info.tokens[role]);
      await new AnalyticsPage(page).submitReport({ host: info.instances[0] });
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('HTTP 401');
      await expect(alert).toContainText('Check the Analytics token');
    }
  });

  test('403 (instance not visible), 404 (unknown instance) and a relay error', async ({ page }) => {
    const info = await new AnalyticsPage(page).connectToSandbox();
    await new AnalyticsPage(page).submitReport({ host: 'unknown-instance.example' });
    await expect(page.getByRole('alert')).toContainText('HTTP 404');
    await expect(page.getByRole('alert')).toContainText(
      'does not know instance unknown-instance.example',
    );
    await new AnalyticsPage(page).setAnalyticsToken(info.tokens.analytics_limited);
    const hidden = info.instances.find((h) => h.includes('globex')) ?? info.instances[2];
    await new AnalyticsPage(page).submitReport({ host: hidden });
    await expect(page.getByRole('alert')).toContainText('HTTP 403');
    await expect(page.getByRole('alert')).toContainText(`cannot see instance ${hidden}`);
    // Nothing listens there: the relay answers itself.
    await new AnalyticsPage(page).setAnalyticsUrl(await closedOrigin());
    await new AnalyticsPage(page).submitReport({ host: info.instances[0] });
    await expect(page.getByRole('alert')).toContainText("The console's relay could not complete");
    await expect(page.getByRole('alert')).toContainText('Check the Analytics URL');
    await expect(page.getByRole('textbox', { name: 'Instance host' })).toHaveValue(
      info.instances[0],
    );
  });

  test('a dropped connection keeps the rows received; partial download is labelled', async ({
    page,
  }) => {
    const info = await new AnalyticsPage(page).connectToSandbox();
    await new AnalyticsPage(page).submitReport({ host: info.instances[0], granularity: 'by_user' });
    await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    await new AnalyticsPage(page).submitReport({ host: 'fault-drop.example' });
    // The sandbox cuts the connection mid-row; the message says how many rows arrived.
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(/Connection lost after [\d,]+ rows? \([\d.]+ [KM]?B\)/);
    await expect(alert).toContainText('the rows received are kept');
    const [, arrived = ''] = /after ([\d,]+) row/.exec((await alert.textContent())!)!;
    await expect(rowCount(page)).toHaveText(rowsText(Number(arrived.replace(/,/g, ''))));
    if (arrived !== '0') await expect(table(page).getByRole('row').nth(1)).toBeVisible();
    const partial = page.getByRole('button', { name: /Download partial CSV/ });
    await expect(partial).toBeEnabled();
    const [download] = await Promise.all([page.waitForEvent('download'), partial.click()]);
    expect(download.suggestedFilename()).toMatch(/\.partial\.csv$/);
  });

  test('Cancel stops a slow report and keeps its rows', async ({ page }) => {
    await new AnalyticsPage(page).connectToSandbox();
    await new AnalyticsPage(page).submitReport({ host: 'fault-slow.example' });
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^Cancelled after/ })).toBeVisible();
    await expect(rowCount(page)).toHaveText(/^[1-9][\d,]* rows?$/);
    await expect(page.getByRole('button', { name: /Download partial CSV/ })).toBeEnabled();
  });
});
