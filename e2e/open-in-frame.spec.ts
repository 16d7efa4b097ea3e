import { expect, test, type Locator, type Page } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';

// A panel or page whose code is a chunk of its own shows in the frame of the click that
// opens it once that code is in (src/shared/ui/loadable.tsx). Under `React.lazy` in a Suspense
// boundary it showed 300 ms later even then: React holds content replacing a fallback that long.

/** The URL of the chunk whose file name starts with `name-`, once the page has fetched it. */
async function chunkUrl(page: Page, name: string): Promise<string> {
  const find = () =>
    page.evaluate(
      (name) =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .find(
            (url) => new URL(url).pathname.startsWith(`/assets/${name}-`) && url.endsWith('.js'),
          ),
      name,
    );
  await expect.poll(find, { message: `the ${name} chunk is fetched` }).toBeTruthy();
  return (await find())!;
}

/**
 * Waits until the chunk's module has run: importing the same URL in the page resolves with the
 * one module instance, once it is evaluated, so the app's own import has settled by then too.
 */
async function chunkRan(page: Page, name: string): Promise<void> {
  const url = await chunkUrl(page, name);
  await page.evaluate((url) => import(url).then(() => undefined), url);
}

/**
 * Clicks `button` inside the page and counts the animation frames that start before `shown`
 * matches an element: 0 means it was there for the click's own frame.
 */
async function framesUntilShown(page: Page, button: Locator, shown: string): Promise<number> {
  const handle = await button.elementHandle();
  return page.evaluate(
    ([button, shown]) =>
      new Promise<number>((resolve) => {
        let frames = 0;
        const tick = () => {
          if (document.querySelector(shown)) resolve(frames);
          else if (++frames > 60) resolve(frames);
          else requestAnimationFrame(tick);
        };
        (button as HTMLElement).click();
        requestAnimationFrame(tick);
      }),
    [handle, shown] as const,
  );
}

test('History and Saved operations open in the click’s frame once their code is prefetched', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.open();
  await expect(app.editor('Query editor')).toBeVisible();
  await chunkRan(page, 'history-panel');
  await chunkRan(page, 'saved-panel');
  expect(await framesUntilShown(page, app.historyButton, 'aside[aria-label="History"]')).toBe(0);
  await expect(app.history).toBeVisible();
  expect(
    await framesUntilShown(
      page,
      app.savedOperationsButton,
      'section[aria-label="Saved operations"]',
    ),
  ).toBe(0);
  await expect(app.savedOperations).toBeVisible();
});

test('the Analytics tab loads on hover and opens in the click’s frame', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.open();
  await expect(app.editor('Query editor')).toBeVisible();
  const analytics = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: 'Analytics',
  });
  await analytics.hover();
  await chunkRan(page, 'analytics-page');
  // The analytics page's first field, with no "Loading analytics…" placeholder before it.
  expect(await framesUntilShown(page, analytics, 'main form, main input')).toBe(0);
  await expect(page.getByText('Loading analytics…')).toHaveCount(0);
});
