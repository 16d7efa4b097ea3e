import { expect, test } from '@playwright/test';
import { COMMANDS } from '../src/features/console/for-workers.ts';
import { DIAGNOSTICS } from '../src/shared/contracts/diagnostics.ts';
import { seriousViolations } from './axe-helpers.ts';
import { ConsolePage } from './pages/console-page.ts';
import { firstSeenAt, recordFirstSeen } from './pages/first-seen.ts';

// The command palette (Ctrl/Cmd-K, F1): every command of the table by its label, and saved
// operations, Diagnostics recipes, history, Docs types and fields, profiles; keyboard only.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const PALETTE_CHUNK = /\/command-palette-[\w-]+\.js$/;
const QUERY_EDITOR = '[aria-label="Query editor"]';

test('Ctrl/Cmd-K and F1 open it from an editor and from the page; Escape closes, focus returns', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.setEditor('Query editor', '{ currentUser { username } }');
  const editor = app.editor('Query editor');
  for (const key of ['ControlOrMeta+k', 'F1'] as const) {
    await editor.click();
    await app.palette.open(key);
    await expect(app.palette.dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(app.palette.dialog).toBeHidden();
    await expect(editor).toBeFocused();

    await app.runButton.focus();
    await app.palette.open(key);
    await page.keyboard.press('Escape');
    await expect(app.palette.dialog).toBeHidden();
    await expect(app.runButton).toBeFocused();
  }
  // The keys went to the palette, not into the editor's text.
  expect(await app.editorText('Query editor')).toBe('{ currentUser { username } }');
  // While it is open, the page's shortcuts are not: Ctrl/Cmd-S types nothing and saves nothing.
  await editor.click();
  await app.palette.open();
  await page.keyboard.press('ControlOrMeta+s');
  await page.keyboard.press('Escape');
  await expect(app.palette.dialog).toBeHidden();
  await expect(app.saveDialog).toBeHidden();
  await expect(editor).toBeFocused();
  // And from the Variables editor, whose keymap is the table's too.
  await app.showEditor('Variables editor');
  await app.editor('Variables editor').click();
  await app.palette.open('ControlOrMeta+k');
  await page.keyboard.press('Escape');
  await expect(app.editor('Variables editor')).toBeFocused();
});

test('every command of the table is there under "Commands", with its shortcut', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.palette.open();
  const commands = app.palette.group('Commands');
  await expect(commands.getByRole('option', { name: 'Run query' })).toHaveAccessibleDescription(
    /Ctrl\/Cmd-Enter/,
  );
  await expect(commands.getByRole('option', { name: 'Save operation' })).toContainText(
    'Ctrl/Cmd-S',
  );
  await expect(app.palette.group('Diagnostics')).toBeVisible();
  // Typing a command's label (as in the command table) makes it the option Enter runs.
  for (const c of COMMANDS.filter((x) => x.id !== 'palette')) {
    await app.palette.input.fill(c.label);
    await expect(app.palette.options.first(), c.label).toHaveAccessibleName(c.button ?? c.label);
  }
});

test('Copy as curl runs from the palette: the clipboard holds the curl command', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.setEditor('Query editor', '{ currentUser { username } }');
  await app.palette.run('Copy as curl');
  await expect(app.notice('Copied curl command')).toBeVisible();
  const curl = await app.clipboardText();
  expect(curl).toMatch(/^curl \\\n/);
  expect(curl).toContain('{ currentUser { username } }');
  expect(curl).toContain("-H 'Authorization: token REDACTED'");
  // Focus went back to the editor before the command ran.
  await expect(app.editor('Query editor')).toBeFocused();
});

test('a Diagnostics recipe and a saved operation open in a new tab', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  const recipe = DIAGNOSTICS.find((r) => r.name === 'Who am I')!;
  await app.palette.run('who am i', recipe.name);
  await expect(app.selectedTab).toHaveText(recipe.name);
  await expect.poll(() => app.editorText('Query editor')).toBe(recipe.query);
  await expect(app.tabs).toHaveCount(2);

  // Save operation is a command too: its dialog opens from the palette.
  await app.setEditor('Query editor', 'query Mine { currentUser { username } }');
  await app.palette.run('Save operation');
  await app.saveDialog.getByRole('textbox', { name: 'Name' }).fill('My own user');
  await app.saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(app.saveDialog).toBeHidden();

  await app.palette.open();
  await app.palette.input.fill('my own');
  await expect(app.palette.group('Saved operations').getByRole('option')).toHaveAccessibleName(
    'My own user',
  );
  await page.keyboard.press('Enter');
  await expect(app.tabs).toHaveCount(3);
  await expect(app.selectedTab).toHaveText('My own user');
  await expect
    .poll(() => app.editorText('Query editor'))
    .toBe('query Mine { currentUser { username } }');
});

test('a Docs type and a field open Docs there', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.palette.open();
  await app.palette.input.fill('Repository');
  // The schema's types are there once it has loaded.
  await expect(app.palette.group('Docs').getByRole('option').first()).toHaveAccessibleName(
    'Repository',
  );
  await page.keyboard.press('Enter');
  await expect(app.docs.typePage('Repository')).toBeVisible();

  await app.palette.run('Query.currentUser');
  await expect(app.docs.fieldPage('Query.currentUser')).toBeVisible();
});

test('a connection profile switches from the palette; the one in use is disabled', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.connection.open();
  await page.getByRole('button', { name: 'New profile' }).click();
  await page.getByRole('textbox', { name: 'Profile name' }).fill('Staging');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(app.connection.profile.locator('option:checked')).toHaveText('Staging');

  // From the query editor (a native select in the panel may keep Ctrl/Cmd-K for itself).
  await app.editor('Query editor').click();
  await app.palette.open();
  await app.palette.input.fill('profile');
  const profiles = app.palette.group('Connection profiles');
  await expect(profiles.getByRole('option', { name: 'Staging' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.keyboard.press('Escape');
  await app.palette.run('Default');
  // Default kept its token: signed in again without typing one (the panel then closes).
  await app.connection.expectSignedInAs('alice');
  await expect(app.connection.chip).toHaveAccessibleName(/^Connection: Default · /);
  await app.connection.open();
  await expect(app.connection.profile.locator('option:checked')).toHaveText('Default');
});

test('arrows, Home and End move over enabled options; Enter runs the chosen one', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.setEditor('Query editor', '{currentUser{username}}');
  await app.palette.open();
  const { input, activeOption } = app.palette;
  const activeId = () => input.getAttribute('aria-activedescendant');
  // Nothing typed: the commands in table order, Run query first.
  await expect(activeOption).toHaveAccessibleName('Run query');
  expect(await activeId()).toBe(await activeOption.getAttribute('id'));
  // Stop is listed but disabled while nothing runs: ArrowDown passes over it.
  await expect(app.palette.option('Stop')).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(activeOption).toHaveAccessibleName('Prettify');
  await page.keyboard.press('ArrowUp');
  await expect(activeOption).toHaveAccessibleName('Run query');
  // Up from the first wraps to the last enabled option; End goes there too, Home back.
  await page.keyboard.press('ArrowUp');
  const last = await activeId();
  const enabled = app.palette.dialog.locator('[role="option"]:not([aria-disabled="true"])');
  expect(last).toBe(await enabled.last().getAttribute('id'));
  await page.keyboard.press('Home');
  await expect(activeOption).toHaveAccessibleName('Run query');
  await page.keyboard.press('End');
  expect(await activeId()).toBe(last);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(app.palette.dialog).toBeHidden();
  await expect
    .poll(() => app.editorText('Query editor'))
    .toBe('{\n  currentUser {\n    username\n  }\n}');
});

test('its code is not in the first load: the chunk comes after the editor', async ({ page }) => {
  await recordFirstSeen(page, QUERY_EDITOR);
  const app = new ConsolePage(page);
  await app.open();
  await expect(app.editor('Query editor')).toBeVisible();
  await app.editor('Query editor').click();
  await app.palette.open();
  const editorAt = await firstSeenAt(page, QUERY_EDITOR);
  const chunks = await page.evaluate(
    (pattern) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => new RegExp(pattern).test(new URL(e.name).pathname))
        .map((e) => e.startTime),
    PALETTE_CHUNK.source,
  );
  expect(chunks).toHaveLength(1);
  expect(chunks[0]).toBeGreaterThan(editorAt);
  // Nor is it among the chunks the page's HTML preloads.
  const html = await (await page.request.get('/debug/console')).text();
  expect(html).toContain('rel="modulepreload"');
  expect(html).not.toContain('/assets/command-palette-');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test('the open palette has no serious accessibility violations', async ({ page }) => {
      const app = new ConsolePage(page);
      await app.openWithSandbox();
      await app.palette.open();
      await app.palette.input.fill('repo');
      await expect(app.palette.group('Docs')).toBeVisible();
      expect(await seriousViolations(page, '.command-palette')).toEqual([]);
    });
  });
}
