import { readFileSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';
import { DIAGNOSTICS } from '../src/shared/contracts/diagnostics.ts';
import { ConsolePage } from './pages/console-page.ts';

// The upgrade check in the Docs' changes view: the sandbox's own SDL with a field removed,
// loaded as the release to upgrade to, flags the saved operation, the Diagnostics recipe and
// the open tab that use the field, and each opens at the failing place.

const SAVED = 'query Release {\n  site {\n    productVersion\n  }\n}';
const IN_TAB = 'query TabCheck {\n  site {\n    siteID\n    productVersion\n  }\n}';
const RECIPE = 'Site version and update check';

/** The sandbox's SDL without `Site.productVersion`, written where the test keeps its files. */
function nextRelease(path: string): string {
  const sdl = readFileSync('server/sandbox/instance/schema.graphql', 'utf8');
  const without = sdl.replace(/^ {2}productVersion: String!\n/m, '');
  expect(without.length).toBeLessThan(sdl.length);
  writeFileSync(path, without);
  return path;
}

/** The line text and 1-based column of the caret in the query editor (which has the focus). */
function caret(editor: Locator): Promise<{ focused: boolean; line: string; column: number }> {
  return editor.evaluate((el) => {
    const sel = window.getSelection();
    const line = sel?.anchorNode?.parentElement?.closest('.cm-line');
    if (!sel?.anchorNode || !line) return { focused: false, line: '', column: 0 };
    const before = document.createRange();
    before.setStart(line, 0);
    before.setEnd(sel.anchorNode, sel.anchorOffset);
    return {
      focused: el.contains(document.activeElement),
      line: line.textContent ?? '',
      column: before.toString().length + 1,
    };
  });
}

test('a schema file with a removed field flags the saved operation, recipe and tab that use it', async ({
  page,
}, testInfo) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  // A saved operation that uses Site.productVersion; its tab then holds a query that does not.
  await app.setEditor('Query editor', SAVED);
  await app.saveOperationButton.click();
  await app.saveDialog.getByRole('textbox', { name: 'Name' }).fill('Release check');
  await app.saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(app.saveDialog).toBeHidden();
  await app.setEditor('Query editor', '{ currentUser { username } }');
  // An open tab that uses it.
  await app.newTabButton.click();
  await app.setEditor('Query editor', IN_TAB);
  const firstTab = app.tabs.first();
  await firstTab.click();

  await app.docs.openSchema();
  await app.docs.button('Upgrade check').click();
  const check = app.docs.root.getByRole('region', { name: 'Upgrade check' });
  const failing = check.getByRole('region', { name: 'Failing operations' });
  // Against the schema connected to, everything validates (the recipes are written for it).
  const total = DIAGNOSTICS.length + 3;
  await expect(failing).toContainText(
    `All ${total} operations validate against the current schema.`,
  );

  await check
    .getByLabel('Schema file to compare')
    .setInputFiles(nextRelease(testInfo.outputPath('next-release.graphql')));
  await expect(
    check.getByRole('region', { name: 'Changes in next-release.graphql' }).getByRole('region', {
      name: 'Breaking changes',
    }),
  ).toContainText("Field 'productVersion' was removed from object type 'Site'");
  await expect(failing.getByRole('heading')).toHaveText(`Failing operations (3 of ${total})`);
  const item = (name: string) =>
    failing.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
  for (const [name, source] of [
    ['Release check', 'Saved operation'],
    [RECIPE, 'Diagnostics recipe'],
    ['TabCheck', 'Open tab'],
  ] as const) {
    await expect(item(name).first()).toContainText(source);
    await expect(item(name).first()).toContainText(
      'Site.productVersion Cannot query field "productVersion" on type "Site".',
    );
  }

  const axe = await new AxeBuilder({ page }).include('aside[aria-label="Docs"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
    [],
  );

  // The recipe opens in a new tab with the caret on the field that fails.
  const tabsBefore = await app.tabs.count();
  await failing.getByRole('button', { name: `Open ${RECIPE}` }).click();
  await expect(app.tab(RECIPE)).toHaveAttribute('aria-selected', 'true');
  await expect(app.tabs).toHaveCount(tabsBefore + 1);
  const editor = app.editor('Query editor');
  await expect
    .poll(() => caret(editor))
    .toEqual({
      focused: true,
      line: '    productVersion',
      column: 5,
    });
  expect(await app.editorText('Query editor')).toBe(
    DIAGNOSTICS.find((r) => r.name === RECIPE)?.query,
  );

  // The open tab is selected (no new one), the caret on its line.
  await failing.getByRole('button', { name: 'Open TabCheck' }).click();
  await expect(app.tab('TabCheck')).toHaveAttribute('aria-selected', 'true');
  await expect(app.tabs).toHaveCount(tabsBefore + 1);
  await expect
    .poll(() => caret(editor))
    .toEqual({
      focused: true,
      line: '    productVersion',
      column: 5,
    });
  expect(await app.editorText('Query editor')).toBe(IN_TAB);

  // Back to the current schema: nothing fails there.
  await check.getByRole('button', { name: 'Compare with the current schema' }).click();
  await expect(failing).toContainText(
    `All ${total + 1} operations validate against the current schema.`,
  );
});

test('a file that is no schema says what to load instead', async ({ page }, testInfo) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.docs.openSchema();
  await app.docs.button('Upgrade check').click();
  const check = app.docs.root.getByRole('region', { name: 'Upgrade check' });
  const path = testInfo.outputPath('notes.json');
  writeFileSync(path, '{"hello": "world"}');
  await check.getByLabel('Schema file to compare').setInputFiles(path);
  await expect(check.getByRole('alert')).toHaveText(
    'notes.json is JSON but not an introspection result (no "__schema"). Choose a GraphQL SDL file (.graphql) or an introspection result (.json) and load it again.',
  );
  await expect(check.getByRole('region', { name: 'Failing operations' })).toContainText(
    'validate against the current schema.',
  );
});
