import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe-helpers.ts';
import { ConsolePage } from './pages/console-page.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';

const ME = 'query Me {\n  currentUser {\n    username\n  }\n}';
const REPOS =
  'query FirstRepos {\n  repositories(first: 2) {\n    nodes {\n      name\n    }\n  }\n}';

/** Fills the open Save operation dialog and saves. */
async function saveAs(app: ConsolePage, name: string, collection?: string, keepHeaders = false) {
  const dialog = app.saveDialog;
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  if (collection) await dialog.getByRole('combobox', { name: 'Collection' }).fill(collection);
  if (keepHeaders) await dialog.getByRole('checkbox', { name: /Save header values/ }).check();
  await dialog.getByRole('button', { name: /^(Save|Replace)$/ }).click();
  await expect(dialog).toBeHidden();
}

test('save (button and Ctrl/Cmd-S), search, export, delete, import: a round trip', async ({
  page,
}, testInfo) => {
  const app = new ConsolePage(page);
  await app.open();
  await app.setEditor('Query editor', ME);
  await app.setEditor('Headers editor', '{"X-Team-Secret": "s3cr3t-value"}');
  // Ctrl/Cmd-S opens the dialog and the browser's own "Save page" is prevented.
  await page.evaluate(() => {
    window.addEventListener('keydown', (e) => {
      if (e.key.toLowerCase() === 's')
        document.body.dataset.savePrevented = String(e.defaultPrevented);
    });
  });
  await app.editor('Query editor').click();
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.locator('body')).toHaveAttribute('data-save-prevented', 'true');
  await saveAs(app, 'Who is calling', 'Team', true);
  await expect(app.notice('Saved “Who is calling” in “Team”')).toBeVisible();

  await app.newTabButton.click();
  await app.setEditor('Query editor', REPOS);
  await app.saveOperationButton.click();
  // The dialog suggests the operation's name and the default collection.
  const dialog = app.saveDialog;
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('FirstRepos');
  await expect(dialog.getByRole('combobox', { name: 'Collection' })).toHaveValue('My operations');
  await saveAs(app, 'Two repositories', 'Team');

  // Listed, grouped by collection, and kept across a reload.
  await page.reload();
  await app.savedOperationsButton.click();
  const region = app.savedOperations;
  const team = region.getByRole('group', { name: 'Team' });
  await expect(team.getByRole('button', { name: 'Who is calling' })).toBeVisible();
  await expect(team.getByRole('button', { name: 'Two repositories' })).toBeVisible();
  await expect(region.getByRole('group', { name: 'Diagnostics' })).toBeVisible();

  // Search across saved operations (by query text) and the built-in collection.
  const search = region.getByRole('searchbox', { name: 'Search saved operations and history' });
  await search.fill('repositories first');
  await expect(team.getByRole('button', { name: 'Two repositories' })).toBeVisible();
  await expect(team.getByRole('button', { name: 'Who is calling' })).toHaveCount(0);
  await search.fill('');

  // Rename.
  await team
    .getByRole('listitem')
    .filter({ hasText: 'Two repositories' })
    .getByRole('button', { name: 'Rename' })
    .click();
  await team.getByRole('textbox', { name: 'New name for Two repositories' }).fill('Repos (2)');
  await page.keyboard.press('Enter');
  await expect(team.getByRole('button', { name: 'Repos (2)' })).toBeVisible();

  // Export without header values: a real download.
  const downloading = page.waitForEvent('download');
  await team.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Team.collection.json');
  const file = testInfo.outputPath('team.json');
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  expect(text).not.toContain('s3cr3t-value');
  expect(text).toContain('X-Team-Secret');
  const exported = JSON.parse(text) as { name: string; operations: { name: string }[] };
  expect(exported.name).toBe('Team');
  expect(exported.operations.map((o) => o.name)).toEqual(['Who is calling', 'Repos (2)']);

  // Delete the collection, then import the file back.
  await team.getByRole('button', { name: 'Delete collection' }).click();
  await team
    .getByRole('group', { name: 'Confirm delete collection' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(region.getByRole('group', { name: 'Team' })).toHaveCount(0);
  await region.getByLabel('Import collection').setInputFiles(file);
  await expect(region.getByRole('status')).toHaveText('Imported 2 operations into “Team”.');
  await team.getByRole('button', { name: 'Who is calling' }).click();
  // Opened in a new tab named after it, with its query.
  await expect(app.tab('Who is calling')).toHaveAttribute('aria-selected', 'true');
  expect(await app.editorText('Query editor')).toBe(ME);
  expect(await app.editorText('Headers editor')).toContain('"X-Team-Secret": ""');

  // Delete one operation (asks first).
  await team
    .getByRole('listitem')
    .filter({ hasText: 'Repos (2)' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await team
    .getByRole('group', { name: 'Confirm delete' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(team.getByRole('button', { name: 'Repos (2)' })).toHaveCount(0);
});

test('export with "Include header values" keeps them; never a token', async ({
  page,
  request,
}, testInfo) => {
  const info = await sandboxInfo(request);
  const app = new ConsolePage(page);
  await app.open();
  await app.connection.connect({ baseUrl: info.base_url, token: info.tokens.user });
  await app.setEditor('Query editor', ME);
  await app.setEditor('Headers editor', '{"X-Debug": "keep-me"}');
  await page.keyboard.press('ControlOrMeta+s');
  await saveAs(app, 'Me with header', undefined, true);
  await app.savedOperationsButton.click();
  const region = app.savedOperations;
  await region.getByRole('checkbox', { name: 'Include header values in exports' }).check();
  const downloading = page.waitForEvent('download');
  await region
    .getByRole('group', { name: 'My operations' })
    .getByRole('button', { name: 'Export' })
    .click();
  const file = testInfo.outputPath('mine.json');
  await (await downloading).saveAs(file);
  const text = readFileSync(file, 'utf8');
  expect(text).toContain('keep-me');
  expect(text).not.toContain(info.tokens.user);
  const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
  expect(stored).not.toContain(info.tokens.user);
});

test('search finds history entries too, and opens them in a new tab', async ({ page, request }) => {
  const info = await sandboxInfo(request);
  const app = new ConsolePage(page);
  await app.open();
  await app.connection.connect({ baseUrl: info.base_url, token: info.tokens.user });
  await app.setEditor('Query editor', 'query HistoryOnlyLookup { currentUser { displayName } }');
  await app.run();
  await expect(app.responseBody).toContainText('displayName');
  await app.savedOperationsButton.click();
  const region = app.savedOperations;
  await region
    .getByRole('searchbox', { name: 'Search saved operations and history' })
    .fill('historyonly');
  const history = region.getByRole('group', { name: 'History' });
  await history.getByRole('button', { name: 'HistoryOnlyLookup' }).click();
  await expect(app.tabs).toHaveCount(2);
  expect(await app.editorText('Query editor')).toBe(
    'query HistoryOnlyLookup { currentUser { displayName } }',
  );
});

test('a bad collection file gets a clear message and nothing is lost', async ({
  page,
}, testInfo) => {
  const app = new ConsolePage(page);
  await app.open();
  await app.setEditor('Query editor', ME);
  await app.saveOperationButton.click();
  await saveAs(app, 'Keep me');
  await app.savedOperationsButton.click();
  const region = app.savedOperations;
  const bad = testInfo.outputPath('bad.json');
  writeFileSync(
    bad,
    JSON.stringify({
      format: 'debug-console-collection',
      version: 1,
      name: 'X',
      operations: [{ name: 'a' }],
    }),
  );
  await region.getByLabel('Import collection').setInputFiles(bad);
  await expect(region.getByRole('alert')).toContainText(
    'Could not import “bad.json”: Operation 1 ("a") has no "query"',
  );
  const notJson = testInfo.outputPath('notes.txt');
  writeFileSync(notJson, 'hello');
  await region.getByLabel('Import collection').setInputFiles(notJson);
  await expect(region.getByRole('alert')).toContainText('not valid JSON');
  await expect(
    region.getByRole('group', { name: 'My operations' }).getByRole('button', { name: 'Keep me' }),
  ).toBeVisible();
  await expect(region.getByRole('group', { name: 'X' })).toHaveCount(0);
  // The built-in collection cannot be saved into.
  await app.saveOperationButton.click();
  const dialog = app.saveDialog;
  await dialog.getByRole('combobox', { name: 'Collection' }).fill('Diagnostics');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('built in and read-only');
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Me');
});

test('unreadable stored saved operations are reported and kept, not silently dropped', async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(
        'debug-console:saved-operations',
        '{"version":1,"collections":[{"name":"Ok","operations":[{"id":"a","name":"Fine","query":"{ a }"},{"name":"broken"}]}]}',
      );
      sessionStorage.setItem('seeded', '1');
    }
  });
  const app = new ConsolePage(page);
  await app.open();
  await app.savedOperationsButton.click();
  const region = app.savedOperations;
  await expect(region.getByRole('alert')).toContainText(
    '1 stored saved entry was malformed and left out',
  );
  await expect(
    region.getByRole('group', { name: 'Ok' }).getByRole('button', { name: 'Fine' }),
  ).toBeVisible();
  const backup = await page.evaluate(() =>
    localStorage.getItem('debug-console:saved-operations-unreadable'),
  );
  expect(backup).toContain('broken');
});

test('the Saved operations panel and the Save dialog have no serious accessibility violations', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.open();
  await app.saveOperationButton.click();
  await saveAs(app, 'A saved one');
  await app.savedOperationsButton.click();
  // The panel's code loads on demand: check it once it is there (axe fails on a missing scope).
  await expect(app.savedOperations.getByText('A saved one')).toBeVisible();
  expect(await seriousViolations(page, '.saved-panel')).toEqual([]);
  await app.saveOperationButton.click();
  await expect(app.saveDialog).toBeVisible();
  expect(await seriousViolations(page, '.save-dialog')).toEqual([]);
  // Keyboard: Escape closes the dialog and focus returns to the page.
  await page.keyboard.press('Escape');
  await expect(app.saveDialog).toBeHidden();
});
