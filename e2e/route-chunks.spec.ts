import { expect, test, type Page } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.ts';
import { ConsolePage } from './pages/console-page.ts';

/** Every JavaScript file the page loads until `ready` holds, with its text. */
async function scriptsLoaded(page: Page, path: string, ready: () => Promise<void>) {
  const scripts: Promise<string>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' || res.url().endsWith('.js'))
      scripts.push(res.text().catch(() => ''));
  });
  await page.goto(path);
  await ready();
  return Promise.all(scripts);
}

// The console's own text: the query editor's accessible name is in its code and nowhere else.
const CONSOLE_MARK = 'Query editor';

test('the analytics page does not load the console’s code', async ({ page }) => {
  const scripts = await scriptsLoaded(page, '/analytics', async () => {
    await expect(new AnalyticsPage(page).analyticsUrl).toBeVisible();
  });
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.includes(CONSOLE_MARK)).length).toBe(0);
});

test('the console page loads it (so the check above can see it)', async ({ page }) => {
  const scripts = await scriptsLoaded(page, '/debug/console', async () => {
    await expect(new ConsolePage(page).editor(CONSOLE_MARK)).toBeVisible();
  });
  expect(scripts.some((s) => s.includes(CONSOLE_MARK))).toBe(true);
});
