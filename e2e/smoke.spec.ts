import { expect, test } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.ts';

test('the console page loads at /debug/console and / redirects there', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/debug\/console$/);
  await expect(new AnalyticsPage(page).navLink).toBeVisible();
});

test('/sandbox.json lists the sandbox and its demo tokens', async ({ request }) => {
  const res = await request.get('/sandbox.json');
  expect(res.status()).toBe(200);
  const info = await res.json();
  expect(info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(info.analytics_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(info.base_url).not.toBe(info.analytics_url);
});
