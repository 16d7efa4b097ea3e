import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';

let app: ConsolePage;

test.beforeEach(async ({ page }) => {
  app = new ConsolePage(page);
  await app.openWithSandbox();
});

test('Docs button toggles the panel; Shift-Ctrl-D opens it at the search box', async ({ page }) => {
  const search = page.getByRole('searchbox', { name: 'Search schema' });
  await app.docs.toggle.click();
  await expect(search).toBeVisible();
  await app.docs.toggle.click();
  await expect(search).toBeHidden();
  await app.runButton.focus();
  await page.keyboard.press('Control+Shift+D');
  await expect(search).toBeFocused();
});

test('Shift-Ctrl-R refetches the schema without reloading the page', async ({ page }) => {
  await app.button('Prettify').focus();
  const introspection = page.waitForRequest(
    (r) =>
      r.url().includes('/relay/graphql') && (r.postData() ?? '').includes('IntrospectionQuery'),
  );
  await page.keyboard.press('Control+Shift+R');
  await introspection;
  await app.connection.expectSignedInAs('alice');
});

test('Prettify formats the query; Shift-Ctrl-C copies it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.setEditor('Query editor', '{currentUser{username}}');
  await app.button('Prettify').click();
  await expect
    .poll(() => app.editorText('Query editor'))
    .toBe('{\n  currentUser {\n    username\n  }\n}');
  await app.historyButton.focus();
  await page.keyboard.press('Control+Shift+C');
  await expect.poll(() => app.clipboardText()).toBe('{\n  currentUser {\n    username\n  }\n}');
});

test('History: a past run opens in a new tab', async () => {
  await app.runQuery('query FromHistory { currentUser { username } }');
  await expect(app.responseBody).toContainText('alice');
  await app.setEditor('Query editor', 'query Other { currentUser { username } }');
  await app.historyButton.click();
  await app.history.getByRole('button', { name: /FromHistory/ }).click();
  await expect(app.selectedTab).toHaveText('FromHistory');
  await expect
    .poll(() => app.editorText('Query editor'))
    .toBe('query FromHistory { currentUser { username } }');
  await expect(app.tabs).toHaveCount(2);
});

test('several operations: the picker chooses which one runs', async ({ page }) => {
  await app.setEditor(
    'Query editor',
    'query Me { currentUser { username } }\nquery Repos { repositories(first: 1) { nodes { name } } }',
  );
  const picker = page.getByRole('combobox', { name: 'Operation' });
  await picker.selectOption('Repos');
  await app.run();
  await expect(app.responseBody).toContainText('"repositories"');
  await expect(app.responseBody).not.toContainText('"currentUser"');
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
    await app.setEditor('Variables editor', compact.variables);
    await app.setEditor('Headers editor', compact.headers);
    await app.setEditor('Query editor', compact.query);
    if (from === 'History') await app.historyButton.focus();
    await page.keyboard.press('Shift+Control+P');
    await expect.poll(() => app.editorText('Query editor')).toBe(pretty.query);
    await expect.poll(() => app.editorText('Variables editor')).toBe(pretty.variables);
    await expect.poll(() => app.editorText('Headers editor')).toBe(pretty.headers);
  }
});

test('Ctrl/Cmd-S and Shift-Ctrl-T work from the query editor and from the page, and are listed', async ({
  page,
}) => {
  const save = app.saveDialog;
  for (const from of ['Query editor', 'History'] as const) {
    await app.setEditor('Query editor', 'query Keep { currentUser { username } }');
    if (from === 'History') await app.historyButton.focus();
    await page.keyboard.press('ControlOrMeta+s');
    await expect(save).toBeVisible();
    await save.getByRole('button', { name: 'Cancel' }).click();
    await expect(save).toBeHidden();
    expect(await app.editorText('Query editor')).toBe('query Keep { currentUser { username } }');

    await app.newTabButton.click();
    await app.setEditor('Query editor', 'query Other { site { id } }');
    await app.closeTabWithDelete('Keep');
    await expect(app.tabs).toHaveCount(1);
    if (from === 'Query editor') await app.editor('Query editor').click();
    else await app.historyButton.focus();
    await page.keyboard.press('Shift+Control+T');
    await expect(app.tab('Keep')).toHaveAttribute('aria-selected', 'true');
    await expect(app.tabs).toHaveCount(2);
    // Back to one tab for the next round.
    await app.closeTabWithDelete('Other');
    await expect(app.tabs).toHaveCount(1);
  }

  await app.shortcutsButton.click();
  const shortcuts = app.shortcutsDialog;
  await expect(shortcuts.getByRole('cell', { name: 'Ctrl/Cmd-S', exact: true })).toBeVisible();
  await expect(shortcuts.getByRole('cell', { name: 'Shift-Ctrl-T', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();
});
