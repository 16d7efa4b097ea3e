import { expect, test } from '@playwright/test';
import { editorText, responseRegion, setEditor } from './console-core-helpers.ts';

test.beforeEach(async ({ page }) => {
  await page.goto('/debug/console');
  await page.getByRole('button', { name: 'Use sandbox' }).click();
  await expect(page.getByText('Signed in as alice')).toBeVisible();
});

test('Docs button toggles the panel; Ctrl/Cmd-K opens it at the search box', async ({ page }) => {
  const search = page.getByRole('searchbox', { name: 'Search schema' });
  await page.getByRole('button', { name: 'Docs', exact: true }).click();
  await expect(search).toBeVisible();
  await page.getByRole('button', { name: 'Docs', exact: true }).click();
  await expect(search).toBeHidden();
  await page.getByRole('button', { name: 'Run query' }).focus();
  await page.keyboard.press('ControlOrMeta+k');
  await expect(search).toBeFocused();
});

test('Shift-Ctrl-R refetches the schema without reloading the page', async ({ page }) => {
  await page.getByRole('button', { name: 'Prettify' }).focus();
  const introspection = page.waitForRequest(
    (r) =>
      r.url().includes('/relay/graphql') && (r.postData() ?? '').includes('IntrospectionQuery'),
  );
  await page.keyboard.press('Control+Shift+R');
  await introspection;
  await expect(page.getByText('Signed in as alice')).toBeVisible();
});

test('Prettify formats the query; Shift-Ctrl-C copies it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await setEditor(page, 'Query editor', '{currentUser{username}}');
  await page.getByRole('button', { name: 'Prettify' }).click();
  await expect
    .poll(() => editorText(page, 'Query editor'))
    .toBe('{\n  currentUser {\n    username\n  }\n}');
  await page.getByRole('button', { name: 'History', exact: true }).focus();
  await page.keyboard.press('Control+Shift+C');
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe('{\n  currentUser {\n    username\n  }\n}');
});

test('History: a past run opens in a new tab', async ({ page }) => {
  await setEditor(page, 'Query editor', 'query FromHistory { currentUser { username } }');
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(responseRegion(page).getByRole('textbox', { name: 'Response body' })).toContainText(
    'alice',
  );
  await setEditor(page, 'Query editor', 'query Other { currentUser { username } }');
  await page.getByRole('button', { name: 'History', exact: true }).click();
  await page
    .getByRole('complementary', { name: 'History' })
    .getByRole('button', { name: /FromHistory/ })
    .click();
  await expect(page.getByRole('tab', { selected: true })).toHaveText('FromHistory');
  await expect
    .poll(() => editorText(page, 'Query editor'))
    .toBe('query FromHistory { currentUser { username } }');
  await expect(page.getByRole('tab')).toHaveCount(2);
});

test('several operations: the picker chooses which one runs', async ({ page }) => {
  await setEditor(
    page,
    'Query editor',
    'query Me { currentUser { username } }\nquery Repos { repositories(first: 1) { nodes { name } } }',
  );
  const picker = page.getByRole('combobox', { name: 'Operation' });
  await picker.selectOption('Repos');
  await page.getByRole('button', { name: 'Run query' }).click();
  const body = responseRegion(page).getByRole('textbox', { name: 'Response body' });
  await expect(body).toContainText('"repositories"');
  await expect(body).not.toContainText('"currentUser"');
});

// The console's commands come from one table (src/features/console/commands/command-table.ts):
// a key does the same whether focus is in the query editor or elsewhere on the page.
test('Shift-Ctrl-P prettifies query, variables and headers from the editor and from the page', async ({
  page,
}) => {
  const compact = {
    query: '{currentUser{username}}',
    variables: '{"a":1}',
    headers: '{"X-Trace":"1"}',
  };
  const pretty = {
    query: '{\n  currentUser {\n    username\n  }\n}',
    variables: '{\n  "a": 1\n}',
    headers: '{\n  "X-Trace": "1"\n}',
  };
  for (const from of ['Query editor', 'History'] as const) {
    await setEditor(page, 'Variables editor', compact.variables);
    await setEditor(page, 'Headers editor', compact.headers);
    await setEditor(page, 'Query editor', compact.query);
    if (from === 'History')
      await page.getByRole('button', { name: 'History', exact: true }).focus();
    await page.keyboard.press('Shift+Control+P');
    await expect.poll(() => editorText(page, 'Query editor')).toBe(pretty.query);
    await expect.poll(() => editorText(page, 'Variables editor')).toBe(pretty.variables);
    await expect.poll(() => editorText(page, 'Headers editor')).toBe(pretty.headers);
  }
});

test('Ctrl/Cmd-S and Shift-Ctrl-T work from the query editor and from the page, and are listed', async ({
  page,
}) => {
  const save = page.getByRole('dialog', { name: 'Save operation' });
  for (const from of ['Query editor', 'History'] as const) {
    await setEditor(page, 'Query editor', 'query Keep { currentUser { username } }');
    if (from === 'History')
      await page.getByRole('button', { name: 'History', exact: true }).focus();
    await page.keyboard.press('ControlOrMeta+s');
    await expect(save).toBeVisible();
    await save.getByRole('button', { name: 'Cancel' }).click();
    await expect(save).toBeHidden();
    expect(await editorText(page, 'Query editor')).toBe('query Keep { currentUser { username } }');

    await page.getByRole('button', { name: 'New tab' }).click();
    await setEditor(page, 'Query editor', 'query Other { site { id } }');
    const keep = page.getByRole('tab', { name: 'Keep' });
    await keep.focus();
    await keep.press('Delete');
    await expect(page.getByRole('tab')).toHaveCount(1);
    if (from === 'Query editor') await page.getByRole('textbox', { name: 'Query editor' }).click();
    else await page.getByRole('button', { name: 'History', exact: true }).focus();
    await page.keyboard.press('Shift+Control+T');
    await expect(page.getByRole('tab', { name: 'Keep' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab')).toHaveCount(2);
    // Back to one tab for the next round.
    const other = page.getByRole('tab', { name: 'Other' });
    await other.focus();
    await other.press('Delete');
    await expect(page.getByRole('tab')).toHaveCount(1);
  }

  await page.getByRole('button', { name: 'Shortcuts' }).click();
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts.getByRole('cell', { name: 'Ctrl/Cmd-S', exact: true })).toBeVisible();
  await expect(shortcuts.getByRole('cell', { name: 'Shift-Ctrl-T', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
});
