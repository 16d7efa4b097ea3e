import { expect, test, type Page } from '@playwright/test';
import { AnalyticsPage, type AnalyticsSandbox } from './pages/analytics-page.ts';
import { sandboxReport } from './pages/sandbox-report.ts';

// Saved views: the report's parameters and every choice on the page, saved by name in this
// browser (they survive a reload and follow other tabs), and shared as a link whose state is in
// the URL fragment, never a token.

const fmt = (n: number) => n.toLocaleString('en-US');
const DATE = 'Timestamp Date (or Month)';

interface Expected {
  host: string;
  start: string;
  /** Rows of the report from `start` with more than 3 searches. */
  matching: number;
}

/** Sets up a view: a report from `start`, rows filtered and sorted, every panel's choice. */
async function setUpView(an: AnalyticsPage, e: Expected): Promise<void> {
  await an.submitReport({ host: e.host, granularity: 'by_user_day', start: e.start });
  await expect(an.downloadCsv).toBeEnabled();
  await an.table.getByRole('searchbox', { name: 'Filter Searches' }).fill('>3');
  const sort = an.table.getByRole('button', { name: 'Searches', exact: true });
  const header = an.table.getByRole('columnheader', { name: 'Searches' });
  // Sorting runs in the report worker: the second click waits for the first sort to be shown.
  await sort.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await sort.click();
  await an.chart.getByRole('combobox', { name: 'Chart metric' }).selectOption('Searches');
  await an.chart.getByRole('combobox', { name: 'Per' }).selectOption('week');
  await an.summary.getByRole('button', { name: 'Top 20 users' }).click();
  await an.page
    .getByRole('group', { name: 'Compare periods' })
    .getByRole('combobox', { name: 'Period length' })
    .selectOption({ label: 'last 90 days' });
  await an.cohortsBy.selectOption({ label: 'first active month' });
  await expectView(an, e);
}

/** What the view shows, on any page that opened it. */
async function expectView(an: AnalyticsPage, e: Expected): Promise<void> {
  await expect(an.instanceHost).toHaveValue(e.host);
  await expect(an.granularity).toHaveValue('by_user_day');
  await expect(an.startDate).toHaveValue(e.start);
  await expect(an.table.getByRole('searchbox', { name: 'Filter Searches' })).toHaveValue('>3');
  await expect(an.table.getByRole('columnheader', { name: 'Searches' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(an.rowsStatus.first()).toContainText(`${fmt(e.matching)} rows match the filters`);
  await expect(an.chart.getByRole('combobox', { name: 'Chart metric' })).toHaveValue(
    'col:Searches',
  );
  await expect(an.chart.getByRole('combobox', { name: 'Per' })).toHaveValue('week');
  await expect(an.summary.getByRole('combobox', { name: 'Group by' })).toHaveValue('user');
  await expect(
    an.page
      .getByRole('group', { name: 'Compare periods' })
      .getByRole('combobox', { name: 'Period length' }),
  ).toHaveValue('90');
  await expect(an.cohortsBy).toHaveValue('month');
}

async function expected(page: Page, info: AnalyticsSandbox): Promise<Expected> {
  const rows = await sandboxReport(page.request, info, 'by_user_day');
  const dates = [...new Set(rows.map((r) => r[DATE] ?? ''))].sort();
  const start = dates[Math.floor(dates.length / 3)] ?? '';
  const matching = rows.filter((r) => (r[DATE] ?? '') >= start && Number(r.Searches) > 3).length;
  expect(matching).toBeGreaterThan(0);
  return { host: info.instances[0], start, matching };
}

test('a saved view survives a reload and opens from its link in a new browser context', async ({
  page,
  browser,
}) => {
  const an = new AnalyticsPage(page);
  const info = await an.connectToSandbox();
  const e = await expected(page, info);
  await setUpView(an, e);
  await an.saveView('Busy searchers');
  await expect(an.savedViews).toHaveValue('Busy searchers');

  // A reload: the token is not remembered, so the view's report waits for the connection.
  await page.reload();
  await expect(an.savedViews.getByRole('option', { name: 'Busy searchers' })).toHaveCount(1);
  await an.savedViews.selectOption('Busy searchers');
  await expect(an.views.getByRole('status')).toHaveText('Opened view “Busy searchers”.');
  await expect(page.getByText("the view's report loads once the page is connected")).toBeVisible();
  await an.useSandbox();
  await expect(an.downloadCsv).toBeEnabled();
  await expectView(an, e);

  // Its link: the state in the fragment, never a token.
  await an.copyViewLinkButton.click();
  const link = await an.viewLink.inputValue();
  expect(link).toMatch(/\/analytics#%7B%22analyticsView%22/);
  for (const token of Object.values(info.tokens)) expect(link).not.toContain(token);
  expect(link).not.toMatch(/sams_at_|sgp_|token/i);

  const other = await browser.newContext();
  try {
    const page2 = await other.newPage();
    const an2 = new AnalyticsPage(page2);
    await page2.goto(link);
    // A new context has no connection: the form is filled, the report waits for it.
    await expect(an2.serviceForm).toBeVisible();
    await expect(an2.instanceHost).toHaveValue(e.host);
    await expect(an2.startDate).toHaveValue(e.start);
    await an2.useSandbox();
    await expect(an2.downloadCsv).toBeEnabled();
    await expectView(an2, e);
    // The link was read once: the address keeps the path alone.
    expect(new URL(page2.url()).hash).toBe('');
    await expect(an2.savedViews.getByRole('option', { name: 'Busy searchers' })).toHaveCount(0);
  } finally {
    await other.close();
  }
});

test('saved views follow other browser tabs; a deleted view stays deleted after a reload', async ({
  page,
  context,
}) => {
  const a = new AnalyticsPage(page);
  await a.open();
  const b = new AnalyticsPage(await context.newPage());
  await b.open();
  await expect(b.savedViews.getByRole('option')).toHaveText(['No saved views']);

  await a.saveView('Weekly adoption');
  await expect(a.saveViewButton).toBeFocused();
  // The other tab lists it without a reload (storage events).
  await expect(b.savedViews.getByRole('option', { name: 'Weekly adoption' })).toHaveCount(1);
  await expect(b.deleteViewButton).toBeDisabled();
  await b.savedViews.selectOption('Weekly adoption');
  await b.deleteViewButton.click();
  await expect(b.views.getByRole('status')).toHaveText('Deleted view “Weekly adoption”.');
  await expect(a.savedViews.getByRole('option', { name: 'Weekly adoption' })).toHaveCount(0);
  await page.reload();
  await expect(a.savedViews.getByRole('option')).toHaveText(['No saved views']);

  // Saving again under a name that exists replaces it (the dialog says so).
  await a.saveView('Weekly adoption');
  await a.saveViewButton.click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await expect(dialog.getByRole('textbox', { name: 'View name' })).toHaveValue('Weekly adoption');
  await expect(dialog).toContainText('Replaces the view saved as “Weekly adoption”.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(a.saveViewButton).toBeFocused();
  await a.saveViewButton.click();
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(a.savedViews.getByRole('option')).toHaveText(['Choose a view…', 'Weekly adoption']);
});
