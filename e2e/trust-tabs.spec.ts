import { expect, test, type Page } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';
import { startExtraServer } from './server.ts';

// Issue 11, items 7 and 8: several browser tabs of one profile stay coherent, and no loss is
// silent. Two pages of one browser context share localStorage, as two tabs of one profile do.

const stored = (page: Page, key: string) =>
  page.evaluate((k) => localStorage.getItem(`debug-console:${k}`), key);

test('"Remember" turned off in one tab holds in the other, even after the other edits', async ({
  context,
}) => {
  const a = new ConsolePage(await context.newPage());
  await a.openWithSandbox();
  await a.connection.open();
  await a.connection.remember.check();
  await expect.poll(() => stored(a.page, 'connection-secrets')).toContain('sgp_');

  const b = new ConsolePage(await context.newPage());
  await b.open();
  await b.connection.open();
  // B starts with the remembered token.
  await expect(b.connection.remember).toBeChecked();

  await a.connection.remember.uncheck();
  await expect.poll(() => stored(a.page, 'connection-secrets')).toBeNull();
  // B follows at once…
  await expect(b.connection.remember).not.toBeChecked();
  // …and its next edits never write the tokens back.
  await b.connection.useSandboxButton.click();
  // Signed in, the panel closes by itself: the next step opens it again. B's chip already says
  // alice (its start-up check of the remembered token), so wait for this check's close itself.
  await b.connection.expectSignedInAs('alice');
  await expect(b.connection.chip).toHaveAttribute('aria-expanded', 'false');
  await b.connection.enterToken('sgp_typed_in_tab_b');
  await expect(b.connection.status).toContainText(/Invalid access token/);
  expect(await stored(b.page, 'connection-secrets')).toBeNull();
  const everything = await b.page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(everything).not.toContain('sgp_typed_in_tab_b');
});

test("a stale tab saving or closing never deletes or reverts the other tab's work", async ({
  context,
}) => {
  const a = new ConsolePage(await context.newPage());
  await a.open();
  const b = new ConsolePage(await context.newPage());
  await b.open(); // loaded now: stale from here on

  await a.newTabButton.click();
  await a.setEditor('Query editor', 'query FromA { a }');
  await expect.poll(() => stored(a.page, 'console-tabs')).toContain('FromA');

  await b.setEditor('Query editor', 'query FromB { b }');
  await expect.poll(() => stored(b.page, 'console-tabs')).toContain('FromB');
  await b.page.close({ runBeforeUnload: true });

  const c = new ConsolePage(await context.newPage());
  await c.open();
  await expect(c.tab('FromA')).toBeVisible();
  await expect(c.tab('FromB')).toBeVisible();
});

test('two tabs refreshing one OAuth token at once spend the one-time refresh token once', async ({
  context,
}) => {
  const server = await startExtraServer();
  try {
    const info = await sandboxInfo(context.request, server.url);
    // Due for refresh at once (less than a minute left): both tabs refresh on paste.
    const response = JSON.stringify({
      access_token: info.oauth.access_token,
      expires_in: 30,
      refresh_token: info.oauth.refresh_token,
      client_id: info.oauth.client_id,
    });
    const pages = [
      new ConsolePage(await context.newPage()),
      new ConsolePage(await context.newPage()),
    ];
    for (const p of pages) {
      await p.open(`${server.url}/debug/console`);
      await p.connection.authScheme.selectOption({ label: 'OAuth bearer' });
      await p.connection.token.fill(response);
    }
    await Promise.all(pages.map((p) => p.connection.token.press('Enter')));
    for (const p of pages) {
      await expect(p.page.getByText(/refreshed at/)).toBeVisible();
      await expect(p.page.getByText(/Token: \d+ min \d+ s left/)).toBeVisible();
      await expect(p.page.getByText(/failed/)).toHaveCount(0);
    }
    // Both hold the same new token, and it works.
    const tokens = await Promise.all(
      pages.map(async (p) => {
        await p.page.getByRole('button', { name: 'Show token' }).click();
        return p.connection.token.inputValue();
      }),
    );
    expect(tokens[0]).not.toBe(info.oauth.access_token);
    expect(tokens[1]).toBe(tokens[0]);
    for (const p of pages) {
      await p.connection.connectButton.click();
      await p.connection.expectSignedInAs('bob');
    }
  } finally {
    await server.stop();
  }
});

test('a failed save (storage full) is shown with what to do, and clears once saving works', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.open();
  // Fill this origin's localStorage up to its quota.
  await page.evaluate(() => {
    let n = 0;
    for (let size = 512 * 1024; size >= 1; size = Math.floor(size / 2)) {
      for (;;) {
        try {
          localStorage.setItem(`filler-${n++}`, 'x'.repeat(size));
        } catch {
          break;
        }
      }
    }
  });
  await app.setEditor('Query editor', `query Big { a } # ${'y'.repeat(200_000)}`);
  const alert = page.getByRole('alert').filter({ hasText: 'could not be saved' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Clear the History or close tabs');
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage))
      if (k.startsWith('filler-')) localStorage.removeItem(k);
  });
  await app.setEditor('Query editor', 'query Small { a }');
  await expect(alert).toHaveCount(0);
  await page.reload();
  expect(await app.editorText('Query editor')).toBe('query Small { a }');
});

test('Shift-Ctrl-T reopens a tab closed with Delete, with its text', async ({ page, request }) => {
  await sandboxInfo(request);
  const app = new ConsolePage(page);
  await app.open();
  await app.setEditor('Query editor', 'query Keep { currentUser { username } }');
  await app.newTabButton.click();
  await app.setEditor('Query editor', 'query Other { site { id } }');
  await app.closeTabWithDelete('Keep');
  await expect(app.tabs).toHaveCount(1);
  await page.keyboard.press('Shift+Control+T');
  await expect(app.tabs).toHaveCount(2);
  await expect(app.tab('Keep')).toHaveAttribute('aria-selected', 'true');
  expect(await app.editorText('Query editor')).toBe('query Keep { currentUser { username } }');
  // The close button, too, and the button that reopens.
  await app.tabAction('Close tab');
  await expect(app.tabs).toHaveCount(1);
  await app.tabAction('Reopen closed tab');
  await expect(app.tab('Keep')).toBeVisible();
});
