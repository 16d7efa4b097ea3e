import { expect, test } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.ts';

/**
 * A report worker whose script does not arrive (a connection dropped while a freshly started
 * server is busy) is started once more, so "Load report" still loads the report.
 */
test('the report worker is started again once when its script fails to load', async ({ page }) => {
  let requests = 0;
  await page.route(/\/assets\/report\.worker-[^/]+\.js$/, (route) => {
    requests += 1;
    return requests === 1 ? route.abort('connectionreset') : route.continue();
  });
  const analytics = new AnalyticsPage(page);
  await analytics.open();
  await analytics.useSandboxButton.click();
  await expect(analytics.instanceHost).not.toHaveValue('');
  await analytics.loadReportButton.click();
  await expect(analytics.downloadCsv).toBeEnabled();
  await expect(analytics.table).toBeVisible();
  await expect(page.getByText(/The report worker failed/)).toHaveCount(0);
  expect(requests).toBe(2);
});
