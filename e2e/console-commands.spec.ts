import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';

// Commands without a key (Copy as curl, Copy as src command) come from the console's command
// table like the keyed ones: the toolbar's Copy as… menu and the Shortcuts dialog both list them.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.beforeEach(async ({ page }) => {
  await new ConsolePage(page).openWithSandbox();
});

test('the Shortcuts dialog lists Copy as curl and Copy as src by their menu', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.shortcutsButton.click();
  const dialog = app.shortcutsDialog;
  const row = (label: string) => dialog.getByRole('row').filter({ hasText: label });
  await expect(row('Copy the request as a curl command')).toContainText(
    '“Copy as curl” in the “Copy as…” menu',
  );
  await expect(row('Copy the request as a src api command')).toContainText(
    '“Copy as src command” in the “Copy as…” menu',
  );
  await expect(row('Save the operation')).toContainText('Ctrl/Cmd-S');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('Copy as curl and Copy as src command work from the toolbar', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.setEditor('Query editor', '{ currentUser { username } }');
  const menuButton = app.button('Copy as…');
  await expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
  await menuButton.click();
  const menu = page.getByRole('menu', { name: 'Copy as…' });
  const curl = menu.getByRole('menuitem', { name: 'Copy as curl' });
  await expect(curl).toBeFocused();
  await expect(curl).toHaveAttribute(
    'title',
    'Copy the request as a curl command (src api -get-curl)',
  );
  await curl.click();
  await expect(menu).toBeHidden();
  await expect(app.notice('Copied curl command')).toBeVisible();
  const clipCurl = await app.clipboardText();
  expect(clipCurl).toMatch(/^curl \\\n/);
  expect(clipCurl).toContain('{ currentUser { username } }');
  expect(clipCurl).toContain("-H 'Authorization: token REDACTED'");

  // From the keyboard: the arrow moves to the next item, Enter runs it.
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(curl).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Copy as src command' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(app.notice('Copied src command')).toBeVisible();
  const clipSrc = await app.clipboardText();
  expect(clipSrc).toMatch(/^export SRC_ENDPOINT=/);
  expect(clipSrc).toContain('export SRC_ACCESS_TOKEN=REDACTED');
  expect(clipSrc).toContain("src api -query='{ currentUser { username } }'");
});

test('Save operation is the table command: its button names its key', async ({ page }) => {
  const save = page.getByRole('button', { name: 'Save operation' });
  await expect(save).toHaveAttribute(
    'title',
    'Save the operation (tab) in a collection (Ctrl/Cmd-S)',
  );
  await save.click();
  await expect(page.getByRole('dialog', { name: 'Save operation' })).toBeVisible();
});

test('the panel toggles, Stop and the tab buttons are table commands the dialog lists', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.shortcutsButton.click();
  const dialog = app.shortcutsDialog;
  const row = (label: string) => dialog.getByRole('row').filter({ hasText: label });
  await expect(row('Show or hide the schema Docs')).toContainText('“Docs” button');
  await expect(row('Show or hide the query History')).toContainText('“History” button');
  await expect(row('Show or hide the Saved operations')).toContainText('“Saved operations” button');
  await expect(row('Abort the running request')).toContainText('“Stop” button');
  await expect(row('Open a new tab')).toContainText('“New tab” button');
  // Close tab has a key now, on a tab (console-tabs.spec.ts checks the dialog's "On a tab" table).
  await expect(row('Close the current tab')).toContainText('Delete');
  await expect(row('Reopen the last closed tab')).toContainText('Shift-Ctrl-T');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Each toggle says whether its panel is open, and opens and closes it.
  const toggles = [
    ['Docs', 'complementary'],
    ['History', 'complementary'],
    ['Saved operations', 'region'],
  ] as const;
  for (const [button, role] of toggles) {
    const panel = page.getByRole(role, { name: button, exact: true });
    const toggle = page.getByRole('button', { name: button, exact: true });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(panel).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(panel).toBeHidden();
  }

  // The tab bar: an icon button is the New tab command, named by its button text; the other tab
  // commands are items of its Tab actions menu.
  const queryTabs = page.getByRole('tablist', { name: 'Query tabs' }).getByRole('tab');
  const newTab = page.getByRole('button', { name: 'New tab' });
  await expect(newTab).toHaveAttribute('title', 'Open a new tab');
  const reopen = page.getByRole('menuitem', { name: 'Reopen closed tab' });
  await app.button('Tab actions').click();
  await expect(page.getByRole('menuitem', { name: 'Close tab' })).toBeVisible();
  await expect(reopen).toHaveCount(0);
  await page.keyboard.press('Escape');
  await newTab.click();
  await expect(queryTabs).toHaveCount(2);
  await app.tabAction('Close tab');
  await expect(queryTabs).toHaveCount(1);
  await app.button('Tab actions').click();
  await expect(reopen).toHaveAttribute('title', 'Reopen the last closed tab (Shift-Ctrl-T)');
  await reopen.click();
  await expect(queryTabs).toHaveCount(2);
  await app.button('Tab actions').click();
  await expect(reopen).toHaveCount(0);
});
