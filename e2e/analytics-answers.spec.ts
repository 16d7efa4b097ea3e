import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { AnalyticsPage, type AnalyticsSandbox } from './pages/analytics-page.ts';
import { listenOnFreePort } from './server.ts';

// The Analytics tab answering questions: chart defaults, summary (pivot) examples, compare
// periods, export of the view, cells exactly as sent, dark mode charts, credits in words.

/** The report straight from the sandbox (the test's own oracle), parsed. */
async function direct(
  page: Page,
  info: AnalyticsSandbox,
  granularity: string,
): Promise<string[][]> {
  const res = await page.request.get(
    `${info.analytics_url}/api/reports/by-user-client-date?instanceURL=${encodeURIComponent(info.instances[0])}&granularity=${granularity}`,
    { headers: { Authorization: `Bearer ${info.tokens.analytics}` } },
  );
  return Papa.parse<string[]>(await res.text(), { skipEmptyLines: true }).data;
}

test('the chart defaults to active users, never an ID; Per offers day, week and month', async ({
  page,
}) => {
  const info = await new AnalyticsPage(page).connectToSandbox();
  await new AnalyticsPage(page).loadReport(info.instances[0], 'by_user_day');
  const chart = page.getByRole('figure', { name: /Report chart/ });
  const metric = chart.getByRole('combobox', { name: 'Chart metric' });
  await expect(metric).toHaveValue(/active/i);
  await expect(metric.locator('option:checked')).toHaveText('Active users');
  const options = await metric.locator('option').allTextContents();
  expect(options.some((o) => /Instance user ID|Timestamp|Username|Email/.test(o))).toBe(false);
  expect(options).toContain('Searches');
  const per = chart.getByRole('combobox', { name: 'Per' });
  expect(await per.locator('option').allTextContents()).toEqual(['day', 'week', 'month']);
  await per.selectOption('month');
  await expect(chart).toContainText('Active users per month');
});

test('the chart, the summary and the comparison follow the preview filters', async ({ page }) => {
  const info = await new AnalyticsPage(page).connectToSandbox();
  await new AnalyticsPage(page).loadReport(info.instances[0], 'by_user_day');
  const chart = page.getByRole('figure', { name: /Report chart/ });
  await chart.getByRole('combobox', { name: 'Per' }).selectOption('month');
  await chart.getByText('Chart data as a table').click();
  const counts = () =>
    chart
      .getByRole('table')
      .evaluate((t: HTMLTableElement) =>
        [...(t.tBodies[0]?.rows ?? [])].map((r) => Number(r.cells[1]?.textContent)),
      );
  await expect.poll(async () => Math.max(...(await counts()))).toBeGreaterThan(1);
  // One user only: at most one active user in any month, everywhere.
  const rows = records(await direct(page, info, 'by_user_day'));
  const username = cell(
    rows.find((r) => cell(r, 'Username').startsWith('alice'))!,
    'Username',
  );
  await page
    .getByRole('table', { name: 'Report preview' })
    .getByRole('searchbox', { name: 'Filter Username' })
    .fill(`=${username}`);
  await expect.poll(async () => Math.max(...(await counts()))).toBe(1);
  await expect(summary(page).getByRole('status')).toContainText('that match the filters');
  const cells = await summaryCells(page);
  const du = cells[0]?.indexOf('Distinct users') ?? -1;
  expect(cells.slice(1).every((r) => r[du] === '1')).toBe(true);
  const group = page.getByRole('group', { name: 'Compare periods' });
  await expect(
    group
      .getByRole('row', { name: /^This period/ })
      .getByRole('cell')
      .last(),
  ).toHaveText(/^[01]$/);
});

test('a series per client: the five largest clients and Other', async ({ page }) => {
  const info = await new AnalyticsPage(page).connectToSandbox();
  await new AnalyticsPage(page).loadReport(info.instances[0], 'by_user_day_client_language');
  const chart = page.getByRole('figure', { name: /Report chart/ });
  await chart.getByRole('combobox', { name: 'Series' }).selectOption('client');
  await expect(chart).toContainText('Active users per day, by client (top 5 and Other)');
  const rows = records(await direct(page, info, 'by_user_day_client_language'));
  const users = new Map<string, Set<string>>();
  for (const r of rows) {
    if (!users.has(cell(r, 'Client Name'))) users.set(cell(r, 'Client Name'), new Set());
    users.get(cell(r, 'Client Name'))!.add(cell(r, 'Instance user ID'));
  }
  expect(users.size).toBeGreaterThan(5);
  const top5 = [...users.entries()]
    .sort((a, b) => b[1].size - a[1].size || (a[0] < b[0] ? -1 : 1))
    .slice(0, 5)
    .map((e) => e[0]);
  await chart.getByText('Chart data as a table').click();
  await expect(chart.getByRole('columnheader')).toHaveText(['day', ...top5, 'Other']);
});

// ───────────── Summary: the four example questions, checked against the CSV itself ─────────────

const EVENT_COLUMNS = [
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

/** The report as objects keyed by header. */
function records(data: string[][]): Record<string, string>[] {
  const [header = [], ...rows] = data;
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** A record's value in `column`; throws when the report has no such column. */
function cell(r: Record<string, string>, column: string): string {
  const v = r[column];
  if (v === undefined) throw new Error(`The report has no column "${column}".`);
  return v;
}

const events = (r: Record<string, string>) =>
  EVENT_COLUMNS.reduce((sum, c) => sum + (r[c] ? Number(r[c]) : 0), 0);

const summary = (page: Page) => page.getByRole('region', { name: 'Summary' });
const summaryTable = (page: Page) => summary(page).getByRole('table', { name: 'Summary' });

/** The Summary table's cells as text (header row first), numbers without grouping commas. */
async function summaryCells(page: Page): Promise<string[][]> {
  return summaryTable(page).evaluate((t: HTMLTableElement) =>
    [...t.rows].map((r) =>
      [...r.cells].map((c) => (c.textContent ?? '').replace(/[▲▼]/g, '').trim()),
    ),
  );
}

/** A summary cell as a number (NaN for a missing cell). */
const num = (s: string | undefined) => (s === undefined ? NaN : Number(s.replace(/,/g, '')));

test.describe('Summary examples', () => {
  test('active users per month and events per client per month', async ({ page }) => {
    const info = await new AnalyticsPage(page).connectToSandbox();
    await new AnalyticsPage(page).loadReport(info.instances[0], 'by_user_day_client_language');
    const rows = records(await direct(page, info, 'by_user_day_client_language'));
    expect(Object.keys(rows[0] ?? {})).toEqual(expect.arrayContaining(EVENT_COLUMNS));
    const date = 'Timestamp Date (or Month)';

    await summary(page).getByRole('button', { name: 'Active users per month' }).click();
    await expect(summary(page).getByRole('combobox', { name: 'Group by' })).toHaveValue('month');
    const usersPerMonth = new Map<string, Set<string>>();
    for (const r of rows) {
      const day = r[date];
      if (!day) continue;
      const m = day.slice(0, 7);
      if (!usersPerMonth.has(m)) usersPerMonth.set(m, new Set());
      usersPerMonth.get(m)!.add(cell(r, 'Instance user ID'));
    }
    const expected = [...usersPerMonth.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    await expect(summaryTable(page).getByRole('row')).toHaveCount(expected.length + 1);
    let cells = await summaryCells(page);
    const du = cells[0]?.indexOf('Distinct users') ?? -1;
    expect(du).toBeGreaterThan(0);
    expect(cells.slice(1).map((r) => [r[0], num(r[du])])).toEqual(
      expected.map(([m, users]) => [m, users.size]),
    );

    await summary(page).getByRole('button', { name: 'Events per client per month' }).click();
    await expect(summary(page).getByRole('combobox', { name: 'Then by' })).toHaveValue('client');
    const perClientMonth = new Map<string, number>();
    for (const r of rows) {
      const day = r[date];
      if (!day) continue;
      const key = `${day.slice(0, 7)}|${cell(r, 'Client Name')}`;
      perClientMonth.set(key, (perClientMonth.get(key) ?? 0) + events(r));
    }
    await expect(summaryTable(page).getByRole('row')).toHaveCount(perClientMonth.size + 1);
    cells = await summaryCells(page);
    const sum = cells[0]?.indexOf('Sum of All events') ?? -1;
    expect(sum).toBeGreaterThan(1);
    const shown = new Map(cells.slice(1).map((r) => [`${r[0]}|${r[1]}`, num(r[sum])]));
    expect(shown).toEqual(perClientMonth);
    // …and it is charted: one series per client.
    const chart = summary(page).getByRole('figure', { name: /Summary chart/ });
    await expect(chart.locator('canvas').first()).toBeVisible();
  });

  test('top 20 users and languages by users; the table sorts by any column', async ({ page }) => {
    const info = await new AnalyticsPage(page).connectToSandbox();
    await new AnalyticsPage(page).loadReport(info.instances[0], 'by_user_day_client_language');
    const rows = records(await direct(page, info, 'by_user_day_client_language'));

    await summary(page).getByRole('button', { name: 'Top 20 users' }).click();
    const perUser = new Map<string, number>();
    for (const r of rows)
      perUser.set(
        cell(r, 'Instance user ID'),
        (perUser.get(cell(r, 'Instance user ID')) ?? 0) + events(r),
      );
    const top = [...perUser.entries()]
      .sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0]))
      .slice(0, 20);
    await expect(summaryTable(page).getByRole('row')).toHaveCount(top.length + 1);
    let cells = await summaryCells(page);
    const sum = cells[0]?.indexOf('Sum of All events') ?? -1;
    expect(cells.slice(1).map((r) => [r[0], num(r[sum])])).toEqual(top);
    await expect(
      summaryTable(page).getByRole('columnheader', { name: /Sum of All events/ }),
    ).toHaveAttribute('aria-sort', 'descending');

    await summary(page).getByRole('button', { name: 'Languages by users' }).click();
    const perLanguage = new Map<string, Set<string>>();
    for (const r of rows) {
      if (!perLanguage.has(cell(r, 'Language'))) perLanguage.set(cell(r, 'Language'), new Set());
      perLanguage.get(cell(r, 'Language'))!.add(cell(r, 'Instance user ID'));
    }
    await expect(summaryTable(page).getByRole('row')).toHaveCount(perLanguage.size + 1);
    cells = await summaryCells(page);
    const du = cells[0]?.indexOf('Distinct users') ?? -1;
    const got = cells.slice(1).map((r) => [r[0] === '(empty)' ? '' : r[0], num(r[du])] as const);
    expect(new Map(got)).toEqual(new Map([...perLanguage].map(([l, u]) => [l, u.size])));
    const counts = got.map((g) => g[1]);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    // Sorting: Rows ascending after two clicks (descending first).
    const rowsHeader = summaryTable(page).getByRole('columnheader', { name: /^Rows/ });
    await rowsHeader.getByRole('button').click();
    await expect(rowsHeader).toHaveAttribute('aria-sort', 'descending');
    await rowsHeader.getByRole('button').click();
    await expect(rowsHeader).toHaveAttribute('aria-sort', 'ascending');
    cells = await summaryCells(page);
    const rc = cells[0]?.indexOf('Rows') ?? -1;
    const rowCounts = cells.slice(1).map((r) => num(r[rc]));
    expect(rowCounts).toEqual([...rowCounts].sort((a, b) => a - b));
  });
});

// ───────────── Export view as CSV: a derived file beside the exact Download CSV ─────────────

async function saveDownload(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const chunks = (await (await download.createReadStream()).toArray()) as Buffer[];
  return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}

test('Export view as CSV saves the filtered, sorted rows and the summary as derived files', async ({
  page,
}) => {
  const info = await new AnalyticsPage(page).connectToSandbox();
  const host = info.instances[0];
  await new AnalyticsPage(page).loadReport(host, 'by_user_day');
  const data = await direct(page, info, 'by_user_day');
  const [header, ...rows] = data;
  if (!header) throw new Error('The report is empty.');
  const userCol = header.indexOf('Username');
  const searchCol = header.indexOf('Searches');

  const exportButton = page.getByRole('button', { name: 'Export view as CSV' });
  await expect(exportButton).toHaveAccessibleDescription(/Derived file .*-view\.csv/);
  const preview = page.getByRole('table', { name: 'Report preview' });
  await preview.getByRole('searchbox', { name: 'Filter Username' }).fill('alice');
  const sortSearches = preview.getByRole('columnheader', { name: /^Searches/ }).getByRole('button');
  await sortSearches.click();
  await sortSearches.click();
  await expect(preview.getByRole('columnheader', { name: /^Searches/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const matching = rows.filter((r) => (r[userCol] ?? '').toLowerCase().includes('alice'));
  expect(matching.length).toBeGreaterThan(1);
  await expect(page.getByRole('region', { name: 'Report rows' }).getByRole('status')).toContainText(
    `${matching.length.toLocaleString('en-US')} rows match the filters`,
  );
  // Stable descending sort, empty cells last: what the preview shows.
  const expected = [...matching].sort((a, b) => {
    if (!a[searchCol] || !b[searchCol]) return Number(!a[searchCol]) - Number(!b[searchCol]);
    return Number(b[searchCol]) - Number(a[searchCol]);
  });

  const file = await saveDownload(page, () => exportButton.click());
  expect(file.name).toBe(`report_${host.replace(/:/g, '-')}_by_user_day_all_all-view.csv`);
  expect(Papa.parse<string[]>(file.text, { skipEmptyLines: true }).data).toEqual([
    header,
    ...expected,
  ]);

  // The summary, as a derived file too: the same header and groups as table "Summary".
  await page.getByRole('button', { name: 'Top 20 users' }).click();
  await expect(summaryTable(page).getByRole('row').nth(1)).toBeVisible();
  const shown = await summaryCells(page);
  await page.getByRole('combobox', { name: 'View to export' }).selectOption('summary');
  const sum = await saveDownload(page, () => exportButton.click());
  expect(sum.name).toBe(`report_${host.replace(/:/g, '-')}_by_user_day_all_all-summary-view.csv`);
  const parsed = Papa.parse<string[]>(sum.text, { skipEmptyLines: true }).data;
  expect(parsed[0]).toEqual(shown[0]);
  // Every user that matches the filter (the export is not cut to the top 20).
  expect(parsed.length - 1).toBe(new Set(matching.map((r) => r[0])).size);
  expect(parsed.slice(1, shown.length).map((r) => r[0])).toEqual(shown.slice(1).map((r) => r[0]));

  // Download CSV is still the server's exact bytes.
  const raw = await saveDownload(page, () =>
    page.getByRole('button', { name: 'Download CSV' }).click(),
  );
  expect(raw.name).toBe(`report_${host.replace(/:/g, '-')}_by_user_day_all_all.csv`);
  expect(Papa.parse<string[]>(raw.text, { skipEmptyLines: true }).data).toEqual(data);
});

// ───────────── Compare periods ─────────────

test('Compare periods: active users and searches, last 28 days against the 28 before', async ({
  page,
}) => {
  const info = await new AnalyticsPage(page).connectToSandbox();
  await new AnalyticsPage(page).loadReport(info.instances[0], 'by_user_day');
  const data = records(await direct(page, info, 'by_user_day'));
  const date = 'Timestamp Date (or Month)';
  const last = data
    .map((r) => r[date])
    .sort()
    .at(-1)!;
  const shift = (d: string, n: number) =>
    new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const curFrom = shift(last, -27);
  const prevTo = shift(curFrom, -1);
  const prevFrom = shift(prevTo, -27);
  const within = (from: string, to: string) =>
    data.filter((r) => cell(r, date) >= from && cell(r, date) <= to);

  const group = page.getByRole('group', { name: 'Compare periods' });
  await expect(group.getByRole('combobox', { name: 'Compare metric' })).toHaveValue('active-users');
  await expect(group.getByRole('combobox', { name: 'Period length' })).toHaveValue('28');
  const users = (rows: Record<string, string>[]) =>
    new Set(rows.map((r) => cell(r, 'Instance user ID'))).size;
  const cur = users(within(curFrom, last));
  const prev = users(within(prevFrom, prevTo));
  const row = (name: string) => group.getByRole('row', { name: new RegExp(`^${name}`) });
  await expect(row('This period')).toContainText(`${curFrom} – ${last}`);
  await expect(row('This period').getByRole('cell').last()).toHaveText(String(cur));
  await expect(row('Previous period')).toContainText(`${prevFrom} – ${prevTo}`);
  await expect(row('Previous period').getByRole('cell').last()).toHaveText(String(prev));

  await group.getByRole('combobox', { name: 'Compare metric' }).selectOption('Searches');
  const searches = (rows: Record<string, string>[]) =>
    rows.reduce((s, r) => s + (r.Searches ? Number(r.Searches) : 0), 0);
  const c = searches(within(curFrom, last));
  const p = searches(within(prevFrom, prevTo));
  expect(p).toBeGreaterThan(0);
  await expect(row('This period').getByRole('cell').last()).toHaveText(c.toLocaleString('en-US'));
  const pct = ((c - p) / p) * 100;
  const sign = c - p > 0 ? '+' : c - p < 0 ? '-' : '';
  await expect(row('Change')).toContainText(
    `${sign}${Math.abs(c - p).toLocaleString('en-US')} (${sign}${Math.abs(pct).toLocaleString('en-US', { maximumFractionDigits: 1 })}%)`,
  );
});

// ───────────── Cells exactly as sent (an analytics service of our own) ─────────────

const CRAFTED = [
  'Instance user ID,Zip,Username,Timestamp Date (or Month),Searches,Combined CAR',
  '00042,02139,alice,2025-01-06,12345,0.123456789',
  '1234567,10001,bob,2025-01-07,7,1',
  '12345678901234567890,00501,007,2025-01-08,1000000.5,0.5',
].join('\r\n');

test('cells are shown exactly as sent: identifiers, zip codes, leading zeros, every decimal', async ({
  page,
}) => {
  const server: Server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Headers': '*',
      });
      return res.end();
    }
    res.writeHead(200, { 'Content-Type': 'text/csv', 'Access-Control-Allow-Origin': '*' });
    res.end(CRAFTED + '\r\n');
  });
  const analyticsUrl = await listenOnFreePort(server);
  try {
    await new AnalyticsPage(page).connectToSandbox();
    await new AnalyticsPage(page).setAnalyticsUrl(analyticsUrl);
    await new AnalyticsPage(page).loadReport('crafted.example', 'by_user_day');
    const preview = page.getByRole('table', { name: 'Report preview' });
    const row = (n: number) => preview.getByRole('row').nth(n).getByRole('cell');
    await expect(row(1)).toHaveText([
      '00042',
      '02139',
      'alice',
      '2025-01-06',
      '12,345',
      '0.123456789',
    ]);
    await expect(row(2)).toHaveText(['1234567', '10001', 'bob', '2025-01-07', '7', '1']);
    await expect(row(3)).toHaveText([
      '12345678901234567890',
      '00501',
      '007',
      '2025-01-08',
      '1,000,000.5',
      '0.5',
    ]);
    // No identifier is offered as a chart metric.
    const metric = page.getByRole('combobox', { name: 'Chart metric' });
    await expect(metric.locator('option')).toHaveText([
      'Active users',
      'Searches',
      'Combined CAR (mean of rows)',
    ]);
  } finally {
    await new Promise((r) => server.close(r));
  }
});

// ───────────── Dark mode and credits ─────────────

/** Pixels of the chart's canvas that are light and grey (axis labels on a dark background). */
async function lightGreyPixels(page: Page): Promise<number> {
  const canvas = page
    .getByRole('figure', { name: /Report chart/ })
    .locator('canvas')
    .first();
  await expect(canvas).toBeVisible();
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) {
      const [r = 0, g = 0, b = 0, a = 0] = [d[i], d[i + 1], d[i + 2], d[i + 3]];
      if (a > 200 && r > 170 && g > 170 && b > 170 && Math.max(r, g, b) - Math.min(r, g, b) < 40)
        n++;
    }
    return n;
  });
}

test('charts are readable in dark mode: axis labels are drawn light on the dark page', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const info = await new AnalyticsPage(page).connectToSandbox();
  await new AnalyticsPage(page).loadReport(info.instances[0], 'by_user_day');
  const chart = page.getByRole('figure', { name: /Report chart/ });
  await chart.getByRole('combobox', { name: 'Per' }).selectOption('week');
  await expect(chart).toContainText('Active users per week');
  await expect.poll(() => lightGreyPixels(page)).toBeGreaterThan(100);
  // The data table alternative is there too, with ISO weeks and their Monday.
  await chart.getByText('Chart data as a table').click();
  await expect(chart.getByRole('rowheader').first()).toHaveText(
    /^\d{4}-W\d{2} \(from \d{4}-\d{2}-\d{2}\)$/,
  );
});

test('the credits panel says when the active bucket runs out and whether the next covers it', async ({
  page,
}) => {
  await new AnalyticsPage(page).connectToSandbox();
  await page.getByRole('textbox', { name: 'Instance host' }).fill('acme.sourcegraphcloud.example');
  await page.getByRole('button', { name: 'Load credits' }).click();
  const status = page.getByRole('status').filter({ hasText: /^Active bucket / });
  await expect(status).toContainText(
    /runs out on \d{4}-\d{2}-\d{2}, \d+ days before its period ends/,
  );
  await expect(status).toContainText(/there are no credits unless more are added/);
  await expect(status).toContainText(/The next bucket \S+ \([\d,]+ credits, /);
  await expect(status).toContainText(/(does not cover|covers) its 90 days at this rate/);
});
