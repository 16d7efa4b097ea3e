import { expect, test, type Page } from '@playwright/test';
import { editorText, sandboxInfo, setEditor } from './console-core-helpers.ts';
import { startExtraServer } from './server.ts';

// Issue 11, items 7 and 8: several browser tabs of one profile stay coherent, and no loss is
// silent. Two pages of one browser context share localStorage, as two tabs of one profile do.

const stored = (page: Page, key: string) =>
  page.evaluate((k) => localStorage.getItem(`debug-console:${k}`), key);

test('"Remember" turned off in one tab holds in the other, even after the other edits', async ({
  context,
}) => {
  const a = await context.newPage();
  await a.goto('/debug/console');
  await a.getByRole('button', { name: 'Use sandbox' }).click();
  await expect(a.getByRole('status').filter({ hasText: 'Signed in as alice' })).toBeVisible();
  await a.getByRole('checkbox', { name: 'Remember on this device' }).check();
  await expect.poll(() => stored(a, 'connection-secrets')).toContain('sgp_');

  const b = await context.newPage();
  await b.goto('/debug/console');
  // B starts with the remembered token.
  await expect(b.getByRole('checkbox', { name: 'Remember on this device' })).toBeChecked();

  await a.getByRole('checkbox', { name: 'Remember on this device' }).uncheck();
  await expect.poll(() => stored(a, 'connection-secrets')).toBeNull();
  // B follows at once…
  await expect(b.getByRole('checkbox', { name: 'Remember on this device' })).not.toBeChecked();
  // …and its next edits never write the tokens back.
  await b.getByRole('button', { name: 'Use sandbox' }).click();
  const token = b.getByRole('textbox', { name: 'Access token' });
  await token.fill('sgp_typed_in_tab_b');
  await token.press('Enter');
  await expect(b.getByRole('status').filter({ hasText: /Invalid access token/ })).toBeVisible();
  expect(await stored(b, 'connection-secrets')).toBeNull();
  const everything = await b.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(everything).not.toContain('sgp_typed_in_tab_b');
});

test("a stale tab saving or closing never deletes or reverts the other tab's work", async ({
  context,
}) => {
  const a = await context.newPage();
  await a.goto('/debug/console');
  const b = await context.newPage();
  await b.goto('/debug/console'); // loaded now: stale from here on

  await a.getByRole('button', { name: 'New tab' }).click();
  await setEditor(a, 'Query editor', 'query FromA { a }');
  await expect.poll(() => stored(a, 'console-tabs')).toContain('FromA');

  await setEditor(b, 'Query editor', 'query FromB { b }');
  await expect.poll(() => stored(b, 'console-tabs')).toContain('FromB');
  await b.close({ runBeforeUnload: true });

  const c = await context.newPage();
  await c.goto('/debug/console');
  await expect(c.getByRole('tab', { name: 'FromA' })).toBeVisible();
  await expect(c.getByRole('tab', { name: 'FromB' })).toBeVisible();
});

test('two tabs refreshing one OAuth token at once spend the one-time refresh token once', async ({
  context,
}) => {
  const server = await startExtraServer(4650);
  try {
    const info = (await (await fetch(`${server.url}/sandbox.json`)).json()) as {
      base_url: string;
      oauth: { access_token: string; refresh_token: string; client_id: string };
    };
    // Due for refresh at once (less than a minute left): both tabs refresh on paste.
    const response = JSON.stringify({
      access_token: info.oauth.access_token,
      expires_in: 30,
      refresh_token: info.oauth.refresh_token,
      client_id: info.oauth.client_id,
    });
    const pages = [await context.newPage(), await context.newPage()];
    for (const p of pages) {
      await p.goto(`${server.url}/debug/console`);
      await p
        .getByRole('combobox', { name: 'Auth scheme' })
        .selectOption({ label: 'OAuth bearer' });
      await p.getByRole('textbox', { name: 'Access token' }).fill(response);
    }
    await Promise.all(
      pages.map((p) => p.getByRole('textbox', { name: 'Access token' }).press('Enter')),
    );
    for (const p of pages) {
      await expect(p.getByText(/refreshed at/)).toBeVisible();
      await expect(p.getByText(/Token: \d+ min \d+ s left/)).toBeVisible();
      await expect(p.getByText(/failed/)).toHaveCount(0);
    }
    // Both hold the same new token, and it works.
    const tokens = await Promise.all(
      pages.map(async (p) => {
        await p.getByRole('button', { name: 'Show token' }).click();
        return p.getByRole('textbox', { name: 'Access token' }).inputValue();
      }),
    );
    expect(tokens[0]).not.toBe(info.oauth.access_token);
    expect(tokens[1]).toBe(tokens[0]);
    for (const p of pages) {
      await p.getByRole('button', { name: 'Connect' }).click();
      await expect(p.getByRole('status').filter({ hasText: 'Signed in as bob' })).toBeVisible();
    }
  } finally {
    await server.stop();
  }
});

test('a failed save (storage full) is shown with what to do, and clears once saving works', async ({
  page,
}) => {
  await page.goto('/debug/console');
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
  await setEditor(page, 'Query editor', `query Big { a } # ${'y'.repeat(200_000)}`);
  const alert = page.getByRole('alert').filter({ hasText: 'could not be saved' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Clear the History or close tabs');
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage))
      if (k.startsWith('filler-')) localStorage.removeItem(k);
  });
  await setEditor(page, 'Query editor', 'query Small { a }');
  await expect(alert).toHaveCount(0);
  await page.reload();
  expect(await editorText(page, 'Query editor')).toBe('query Small { a }');
});

test('Shift-Ctrl-T reopens a tab closed with Delete, with its text', async ({ page, request }) => {
  await sandboxInfo(request);
  await page.goto('/debug/console');
  await setEditor(page, 'Query editor', 'query Keep { currentUser { username } }');
  await page.getByRole('button', { name: 'New tab' }).click();
  await setEditor(page, 'Query editor', 'query Other { site { id } }');
  const keep = page.getByRole('tab', { name: 'Keep' });
  await keep.focus();
  await keep.press('Delete');
  await expect(page.getByRole('tab')).toHaveCount(1);
  await page.keyboard.press('Shift+Control+T');
  await expect(page.getByRole('tab')).toHaveCount(2);
  await expect(page.getByRole('tab', { name: 'Keep' })).toHaveAttribute('aria-selected', 'true');
  expect(await editorText(page, 'Query editor')).toBe('query Keep { currentUser { username } }');
  // The close button, too, and the button that reopens.
  await page.getByRole('button', { name: 'Close tab' }).click();
  await expect(page.getByRole('tab')).toHaveCount(1);
  await page.getByRole('button', { name: 'Reopen closed tab' }).click();
  await expect(page.getByRole('tab', { name: 'Keep' })).toBeVisible();
});
