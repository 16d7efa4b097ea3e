import { expect, test } from '@playwright/test';
import { editorText, setEditor } from './console-core-helpers.ts';

test('tabs and their text survive a reload', async ({ page }) => {
  await page.goto('/debug/console');
  await setEditor(page, 'Query editor', 'query First { currentUser { username } }');
  await page.getByRole('button', { name: 'New tab' }).click();
  await setEditor(page, 'Query editor', 'query Second { site { id } }');
  await setEditor(page, 'Variables editor', '{"n": 1}');
  await page.getByRole('button', { name: 'Rename tab' }).click();
  await page.getByRole('textbox', { name: 'Tab name' }).fill('My second tab');
  await page.keyboard.press('Enter');
  // No waiting for the debounce: pagehide flushes.
  await page.reload();
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['First', 'My second tab']);
  await expect(page.getByRole('tab', { name: 'My second tab' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(await editorText(page, 'Query editor')).toBe('query Second { site { id } }');
  expect(await editorText(page, 'Variables editor')).toBe('{"n": 1}');
  await page.getByRole('tab', { name: 'First' }).click();
  expect(await editorText(page, 'Query editor')).toBe('query First { currentUser { username } }');
  // Closing a tab.
  await page.getByRole('button', { name: 'Close tab', exact: true }).click();
  await expect(tabs).toHaveText(['My second tab']);
});

test('a link with a fragment opens that query; the fragment follows edits', async ({ page }) => {
  const state = {
    query: 'query Linked { currentUser { username } }',
    variables: '{"a":1}',
    operationName: 'Linked',
  };
  await page.goto('/debug/console#' + encodeURIComponent(JSON.stringify(state)));
  await expect.poll(() => editorText(page, 'Query editor')).toBe(state.query);
  expect(await editorText(page, 'Variables editor')).toBe('{\n  "a": 1\n}');
  await setEditor(page, 'Query editor', 'query Edited { currentUser { username } }');
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(decodeURIComponent(location.hash.slice(1))).query as string),
    )
    .toBe('query Edited { currentUser { username } }');
  const hash = await page.evaluate(() => location.hash);
  expect(hash).not.toMatch(/token|Authorization/i);
});

test('the default query is the instance console default', async ({ page }) => {
  await page.goto('/debug/console');
  expect(await editorText(page, 'Query editor')).toContain(
    "# Here's an example query to get you started:",
  );
});

test('Shortcuts dialog lists the keys and closes with Escape', async ({ page }) => {
  await page.goto('/debug/console');
  await page.getByRole('button', { name: 'Shortcuts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toContainText('Shift-Ctrl-R');
  await expect(dialog).toContainText('Ctrl/Cmd-K');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
