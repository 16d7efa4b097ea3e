import { expect, test } from '@playwright/test';

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
  await page.goto('/analytics');
  await page.getByRole('button', { name: 'Use sandbox' }).click();
  await expect(page.getByRole('textbox', { name: 'Instance host' })).not.toHaveValue('');
  await page.getByRole('button', { name: 'Load report' }).click();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  await expect(page.getByRole('table', { name: 'Report preview' })).toBeVisible();
  await expect(page.getByText(/The report worker failed/)).toHaveCount(0);
  expect(requests).toBe(2);
});
