import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';
import { ConsolePage } from './pages/console-page.ts';
import { listenOnFreePort } from './server.ts';

// Issue 7, "Nothing lost": the browser goes away right after typing (a crash: the tab's renderer
// is killed, no reload, no waiting beyond the app's debounce), then the same profile is opened
// again: every tab's text is back.

async function openProfile(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: await findChromium(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/**
 * A crash runs no pagehide or visibilitychange handler (closing the context may run them), so
 * what is saved is what the debounces wrote: the store writes 300 ms after the last change at the
 * latest. The second before the crash is the page's clock time (Playwright's clock), not a wait of
 * the test.
 */
const APP_DEBOUNCE_MS = 1000;

/** Lets `ms` of the page's clock pass in steps, so that the page's own tasks run in between. */
async function letClockRun(page: Page, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 100) await page.clock.runFor(Math.min(100, left));
}

for (const waitMs of [APP_DEBOUNCE_MS]) {
  test(`every console tab's text is back after the browser closes ${waitMs} ms after typing`, async ({
    baseURL,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'hardening-profile-'));
    try {
      const first = await openProfile(dir);
      const page = first.pages()[0] ?? (await first.newPage());
      await page.clock.install();
      const app = new ConsolePage(page);
      await app.open(`${baseURL}/debug/console`);
      await app.setEditor(
        'Query editor',
        'query One { currentUser { username } } # typed in tab 1',
      );
      await app.newTabButton.click();
      await expect(app.tabs).toHaveCount(2);
      await app.setEditor('Query editor', 'query Two { site { id } } # typed in tab 2');
      await app.setEditor('Variables editor', '{"two": 2}');
      // Back to the query editor, one more keystroke, and the browser is gone.
      // From here on the page's time moves only when the test lets it.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      await app.editor('Query editor').press('End');
      await page.keyboard.insertText('!');
      await letClockRun(page, waitMs);
      // The crash: the renderer dies on the spot (CDP Page.crash), then the browser is closed.
      const cdp = await first.newCDPSession(page);
      const crashed = page.waitForEvent('crash');
      void cdp.send('Page.crash').catch(() => undefined);
      await crashed;
      await first.close();

      const second = await openProfile(dir);
      try {
        const again = new ConsolePage(second.pages()[0] ?? (await second.newPage()));
        await again.open(`${baseURL}/debug/console`);
        await expect(again.tabs).toHaveCount(2);
        await expect(again.selectedTab).toHaveText('Two');
        expect(await again.editorText('Query editor')).toBe(
          'query Two { site { id } } # typed in tab 2!',
        );
        expect(await again.editorText('Variables editor')).toBe('{"two": 2}');
        await again.tab('One').click();
        expect(await again.editorText('Query editor')).toBe(
          'query One { currentUser { username } } # typed in tab 1',
        );
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a crash inside the Docs panel leaves the editor and the response working, and keeps the text', async ({
  page,
}) => {
  // A broken server: its introspection gives a description that is a number, not a string.
  const intro = introspectionFromSchema(
    buildSchema('type Query { """ok""" currentUser: User }  type User { username: String }'),
  ) as unknown as { __schema: { types: { name: string; description: unknown }[] } };
  intro.__schema.types.find((t) => t.name === 'Query')!.description = 42;
  const upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(
          body.includes('__schema')
            ? { data: intro }
            : { data: { currentUser: { username: 'crash-test-user' } } },
        ),
      );
    });
  });
  const instance = await listenOnFreePort(upstream);
  try {
    const app = new ConsolePage(page);
    await app.open();
    await app.connection.instanceUrl.fill(instance);
    await app.connection.token.fill('sgp_crash_test');
    await app.connection.connectButton.click();
    await app.setEditor('Query editor', 'query Kept { currentUser { username } }');
    await app.docs.toggle.click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The Docs panel hit an error' }),
    ).toBeVisible();
    // The other panels go on working, with the user's text.
    expect(await app.editorText('Query editor')).toBe('query Kept { currentUser { username } }');
    await app.run();
    await expect(app.responseBody).toContainText('crash-test-user');
    await app.setEditor('Query editor', 'query KeptAfterCrash { currentUser { username } }');
    await page.reload();
    await expect(app.editor('Query editor')).toContainText('KeptAfterCrash');
  } finally {
    await new Promise((ok) => upstream.close(ok));
  }
});
