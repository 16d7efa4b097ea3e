import { AnalyticsPage } from './pages/analytics-page.ts';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe-helpers.ts';
import { ConsolePage } from './pages/console-page.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';

/** Entries in idb-keyval's database; never creates it (that would break idb-keyval's upgrade). */
function keyvalCount(page: Page) {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'keyval-store')) return 0;
    return new Promise<number>((resolve, reject) => {
      const req = indexedDB.open('keyval-store');
      req.onsuccess = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains('keyval')) return resolve(0);
        const count = db.transaction('keyval').objectStore('keyval').count();
        count.onsuccess = () => resolve(count.result);
        count.onerror = () => reject(new Error('count failed'));
      };
      req.onerror = () => reject(new Error('open failed'));
    });
  });
}

function bg(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('theme', () => {
  test.use({ colorScheme: 'light' });

  test('Dark and Light apply at once to the app and the editors, over the OS setting, and persist', async ({
    page,
  }) => {
    await page.goto('/debug/console');
    const lightApp = await bg(page, 'html');
    const lightEditor = await bg(page, '.cm-editor');
    const dialog = await openSettings(page);
    const theme = dialog.getByRole('combobox', { name: 'Theme' });
    await expect(theme).toHaveValue('system');
    await expect(theme.getByRole('option')).toHaveText(['System', 'Light', 'Dark']);
    await theme.selectOption({ label: 'Dark' });
    // The OS says light; the app and the editors turn dark at once.
    await expect.poll(() => bg(page, 'html')).toBe('rgb(13, 17, 23)');
    await expect.poll(() => bg(page, '.cm-editor')).toBe('rgb(13, 17, 23)');
    expect(lightApp).toBe('rgb(255, 255, 255)');
    expect(lightEditor).toBe('rgb(255, 255, 255)');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect.poll(() => bg(page, '.cm-editor')).toBe('rgb(13, 17, 23)');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('theme under a dark OS', () => {
  test.use({ colorScheme: 'dark' });

  test('System follows the OS; Light overrides it', async ({ page }) => {
    await page.goto('/debug/console');
    await expect.poll(() => bg(page, 'html')).toBe('rgb(13, 17, 23)');
    const dialog = await openSettings(page);
    await dialog.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Light' });
    await expect.poll(() => bg(page, 'html')).toBe('rgb(255, 255, 255)');
    await expect.poll(() => bg(page, '.cm-editor')).toBe('rgb(255, 255, 255)');
    await dialog.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'System' });
    await expect.poll(() => bg(page, 'html')).toBe('rgb(13, 17, 23)');
  });
});

test('editor font size applies to the editors at once and persists', async ({ page }) => {
  await page.goto('/debug/console');
  const size = () =>
    page
      .locator('.cm-editor')
      .first()
      .evaluate((el) => getComputedStyle(el).fontSize);
  expect(await size()).toBe('13px');
  const dialog = await openSettings(page);
  await dialog.getByRole('combobox', { name: 'Editor font size' }).selectOption({ label: '18 px' });
  await expect.poll(size).toBe('18px');
  await page.reload();
  await expect.poll(size).toBe('18px');
});

test('Clear stored data says what goes, then clears tabs, history, saved operations, remembered tokens and saved schemas', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  const app = new ConsolePage(page);
  await app.open();
  await app.connection.remember.check();
  await app.connection.connectAs({ baseUrl: info.base_url, token: info.tokens.user }, 'alice');
  // Some work: two tabs, a run (history), a saved operation, a schema kept for Docs.
  await app.runQuery('query KeepNothing { currentUser { username } }');
  await expect(app.responseBody).toContainText('alice');
  await page.keyboard.press('ControlOrMeta+s');
  const save = app.saveDialog;
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(save).toBeHidden();
  await app.newTabButton.click();
  await app.setEditor('Headers editor', '{"X-Note": "private"}');
  await app.docs.toggle.click();
  await expect.poll(() => keyvalCount(page)).toBeGreaterThan(0);
  const before = await page.evaluate(() => JSON.stringify(localStorage));
  expect(before).toContain(info.tokens.user);
  expect(before).toContain('KeepNothing');

  const dialog = await openSettings(page);
  await dialog.getByRole('button', { name: 'Clear stored data' }).click();
  const confirm = dialog.getByRole('group', { name: 'Confirm clearing stored data' });
  await expect(confirm).toContainText('2 tabs');
  await expect(confirm).toContainText('1 entry');
  await expect(confirm).toContainText('1 operation in 1 collection');
  await expect(confirm).toContainText('1 schema');
  await expect(confirm).toContainText('“Remember on this device” is on');
  // Cancel keeps everything.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).toContain('KeepNothing');
  await dialog.getByRole('button', { name: 'Clear stored data' }).click();
  await dialog.getByRole('button', { name: 'Clear it all' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Stored data cleared. One new tab is open.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await expect(app.tabs).toHaveCount(1);
  expect(await app.editorText('Query editor')).toContain(
    "# Here's an example query to get you started:",
  );
  // After a reload (pagehide flushes whatever is in memory) nothing of it is back.
  await page.reload();
  const after = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(after).not.toContain(info.tokens.user);
  expect(after).not.toContain('KeepNothing');
  expect(after).not.toContain('private');
  await expect(app.connection.remember).not.toBeChecked();
  await app.historyButton.click();
  await expect(app.history).toContainText('Operations you run appear here');
  await app.savedOperationsButton.click();
  await expect(app.savedOperations.getByRole('group', { name: 'My operations' })).toHaveCount(0);
  expect(await keyvalCount(page)).toBe(0);
  // Settings themselves stay.
  await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible();
});

test('Clear stored data also removes the analytics views saved in this browser, and says so first', async ({
  page,
}) => {
  const an = new AnalyticsPage(page);
  await an.open();
  await an.saveView('Weekly for leads');
  await expect(an.savedViews.getByRole('option', { name: 'Weekly for leads' })).toHaveCount(1);
  expect(await page.evaluate(() => JSON.stringify(localStorage))).toContain('Weekly for leads');

  const dialog = await openSettings(page);
  await dialog.getByRole('button', { name: 'Clear stored data' }).click();
  const confirm = dialog.getByRole('group', { name: 'Confirm clearing stored data' });
  await expect(confirm).toContainText('saved analytics views (1 view)');
  await dialog.getByRole('button', { name: 'Clear it all' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Stored data cleared. One new tab is open.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // This page lists none now, and neither does a reload.
  await expect(an.savedViews.getByRole('option')).toHaveText(['No saved views']);
  await page.reload();
  await expect(an.savedViews.getByRole('option')).toHaveText(['No saved views']);
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('Weekly for leads');
});

test('the Settings dialog has no serious accessibility violations, in light and dark', async ({
  page,
}) => {
  await page.goto('/debug/console');
  const dialog = await openSettings(page);
  expect(await seriousViolations(page, '.settings-dialog')).toEqual([]);
  await dialog.getByRole('combobox', { name: 'Theme' }).selectOption({ label: 'Dark' });
  await dialog.getByRole('button', { name: 'Clear stored data' }).click();
  expect(await seriousViolations(page, '.settings-dialog')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
