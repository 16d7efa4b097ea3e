import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';

// The Analytics tab answering questions: chart defaults, summary (pivot) examples, compare
// periods, export of the view, cells exactly as sent, dark mode charts, credits in words.
// Extra servers of this file use ports 4680..4689.

interface Sandbox {
  analytics_url: string;
  tokens: Record<string, string>;
  instances: string[];
}

async function connect(page: Page): Promise<Sandbox> {
  const info = (await (await page.request.get('/sandbox.json')).json()) as Sandbox;
  await page.goto('/analytics');
  await page.getByRole('button', { name: 'Use sandbox' }).click();
  await expect(page.getByLabel('Analytics token', { exact: true })).toHaveValue(
    info.tokens.analytics,
  );
  return info;
}

async function loadReport(page: Page, host: string, granularity: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Instance host' }).fill(host);
  await page.getByRole('combobox', { name: 'Granularity' }).selectOption(granularity);
  await page.getByRole('button', { name: 'Load report' }).click();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
}

/** The report straight from the sandbox (the test's own oracle), parsed. */
async function direct(page: Page, info: Sandbox, granularity: string): Promise<string[][]> {
  const res = await page.request.get(
    `${info.analytics_url}/api/reports/by-user-client-date?instanceURL=${encodeURIComponent(info.instances[0])}&granularity=${granularity}`,
    { headers: { Authorization: `Bearer ${info.tokens.analytics}` } },
  );
  return Papa.parse<string[]>(await res.text(), { skipEmptyLines: true }).data;
}

test('the chart defaults to active users, never an ID; Per offers day, week and month', async ({
  page,
}) => {
  const info = await connect(page);
  await loadReport(page, info.instances[0], 'by_user_day');
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
