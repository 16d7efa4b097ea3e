import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';

test('tabs and their text survive a reload', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.open();
  await app.setEditor('Query editor', 'query First { currentUser { username } }');
  await app.newTabButton.click();
  await app.setEditor('Query editor', 'query Second { site { id } }');
  await app.setEditor('Variables editor', '{"n": 1}');
  await app.button('Rename tab').click();
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
  await app.button('Close tab').click();
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
