import { expect, test, type Page } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.ts';
import { ConsolePage } from './pages/console-page.ts';
import { firstSeenAt, recordFirstSeen } from './pages/first-seen.ts';

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

// Each route's page names, in its HTML, every script the route runs before its first screen
// (server/page-preloads.ts), so the browser fetches them at once instead of learning of them one
// round trip later, once the entry script has arrived and run.

/** A route's first field to type into: its first screen is there. */
const FIRST_FIELD = '#root input, #root [contenteditable="true"]';

/**
 * Opens `path` and lists the paths of what the page requested until its first field was there,
 * workers' scripts left out: workers (such as the schema worker started before React mounts)
 * load in their own context, not as the page's modules.
 */
async function filesBeforeFirstField(page: Page, path: string): Promise<string[]> {
  await recordFirstSeen(page, FIRST_FIELD);
  await page.goto(path);
  await expect.poll(() => firstSeenAt(page, FIRST_FIELD)).toBeGreaterThan(0);
  const at = await firstSeenAt(page, FIRST_FIELD);
  return page.evaluate(
    (at) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= at)
        .map((e) => new URL(e.name).pathname)
        .filter((p) => !p.includes('.worker-')),
    at,
  );
}

for (const path of ['/debug/console', '/analytics']) {
  test(`${path} announces every script it runs before its first screen`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    const announced = new Set(
      [...html.matchAll(/<(?:link rel="modulepreload"[^>]*href|script[^>]*src)="([^"]+)"/g)].map(
        (m) => m[1],
      ),
    );
    const early = (await filesBeforeFirstField(page, path)).filter((p) => p.endsWith('.js'));
    expect(early.length).toBeGreaterThan(2);
    expect(early.filter((p) => !announced.has(p))).toEqual([]);
  });
}

// A browser opens at most six connections per host over HTTP/1.1: a first screen of more files
// comes in waves, each a round trip more (vite.config.ts groups each route's first screen into a
// few chunks, scripts/first-screen-chunks.ts).
const ONE_WAVE = 6;

for (const path of ['/debug/console', '/analytics']) {
  test(`${path} runs its first screen from at most ${ONE_WAVE} scripts and stylesheets`, async ({
    page,
  }) => {
    const files = (await filesBeforeFirstField(page, path)).filter((p) => /\.(js|css)$/.test(p));
    expect(files.length).toBeGreaterThan(2);
    expect(files.length, files.join('\n')).toBeLessThanOrEqual(ONE_WAVE);
  });
}
