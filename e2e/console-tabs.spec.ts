import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';

test('tabs and their text survive a reload', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.open();
  await app.setEditor('Query editor', 'query First { currentUser { username } }');
  await app.newTabButton.click();
  await app.setEditor('Query editor', 'query Second { site { id } }');
  await app.setEditor('Variables editor', '{"n": 1}');
  await app.tabAction('Rename tab');
  await page.getByRole('textbox', { name: 'Tab name' }).fill('My second tab');
  await page.keyboard.press('Enter');
  // No waiting for the debounce: pagehide flushes.
  await page.reload();
  await expect(app.tabs).toHaveText(['First', 'My second tab']);
  await expect(app.tab('My second tab')).toHaveAttribute('aria-selected', 'true');
  expect(await app.editorText('Query editor')).toBe('query Second { site { id } }');
  expect(await app.editorText('Variables editor')).toBe('{"n": 1}');
  await app.tab('First').click();
  expect(await app.editorText('Query editor')).toBe('query First { currentUser { username } }');
  // Closing a tab.
  await app.tabAction('Close tab');
  await expect(app.tabs).toHaveText(['My second tab']);
});

test('a link with a fragment opens that query; the fragment follows edits', async ({ page }) => {
  const app = new ConsolePage(page);
  const state = {
    query: 'query Linked { currentUser { username } }',
    variables: '{"a":1}',
    operationName: 'Linked',
  };
  await app.open('/debug/console#' + encodeURIComponent(JSON.stringify(state)));
  await expect.poll(() => app.editorText('Query editor')).toBe(state.query);
  expect(await app.editorText('Variables editor')).toBe('{\n  "a": 1\n}');
  await app.setEditor('Query editor', 'query Edited { currentUser { username } }');
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(decodeURIComponent(location.hash.slice(1))).query as string),
    )
    .toBe('query Edited { currentUser { username } }');
  const hash = await page.evaluate(() => location.hash);
  expect(hash).not.toMatch(/token|Authorization/i);
});

test('the default query is the instance console default', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.open();
  expect(await app.editorText('Query editor')).toContain(
    "# Here's an example query to get you started:",
  );
});

test('Shortcuts dialog lists the keys and closes with Escape', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.open();
  await app.shortcutsButton.click();
  const dialog = app.shortcutsDialog;
  await expect(dialog).toContainText('Shift-Ctrl-R');
  await expect(dialog).toContainText('Ctrl/Cmd-K');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('tab-list keys come from the command table: listed "On a tab", acting only there', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.open();
  await app.setEditor('Query editor', 'query One { site { id } }');
  await app.newTabButton.click();
  await app.setEditor('Query editor', 'query Two { site { id } }');
  await app.newTabButton.click();
  await app.setEditor('Query editor', 'query Three { site { id } }');

  // The Shortcuts dialog lists them under their scope, and the buttons name the key where it works.
  await app.shortcutsButton.click();
  const onTab = app.shortcutsDialog.getByRole('table', {
    name: 'On a tab (the tab list has focus)',
  });
  const row = (label: string) => onTab.getByRole('row').filter({ hasText: label });
  await expect(row('Rename the current tab')).toContainText('F2');
  await expect(row('Close the current tab')).toContainText('Delete');
  await expect(row('Focus the next tab')).toContainText('ArrowRight');
  await expect(row('Focus the previous tab')).toContainText('ArrowLeft');
  await page.keyboard.press('Escape');
  await app.button('Tab actions').click();
  await expect(page.getByRole('menuitem', { name: 'Rename tab' })).toHaveAttribute(
    'title',
    'Rename the current tab (F2 on a tab)',
  );
  await page.keyboard.press('Escape');

  // Arrow keys select the next tab and focus follows (wrapping at the ends).
  await app.tab('Three').focus();
  await page.keyboard.press('ArrowRight');
  await expect(app.tab('One')).toBeFocused();
  await expect(app.tab('One')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(app.tab('Three')).toBeFocused();

  // F2 renames the focused tab; Enter ends the edit and gives the focus back to the tab.
  await page.keyboard.press('F2');
  await page.getByRole('textbox', { name: 'Tab name' }).fill('Renamed');
  await page.keyboard.press('Enter');
  await expect(app.tab('Renamed')).toBeFocused();

  // Delete closes it, and the tab selected next takes the focus, so the keys go on working.
  await page.keyboard.press('Delete');
  await expect(app.tabs).toHaveText(['One', 'Two']);
  await expect(app.selectedTab).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(app.selectedTab).toBeFocused();

  // In an editor, Delete deletes text and F2 renames nothing.
  await app.tab('One').click();
  await app.editor('Query editor').click();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('Delete');
  await page.keyboard.press('F2');
  await expect.poll(() => app.editorText('Query editor')).toBe('uery One { site { id } }');
  await expect(app.tabs).toHaveCount(2);
  await expect(page.getByRole('textbox', { name: 'Tab name' })).toHaveCount(0);
});
