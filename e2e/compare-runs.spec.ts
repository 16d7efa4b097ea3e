import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe-helpers.ts';
import { ConsolePage } from './pages/console-page.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';

// Issue 28 §4: every tab keeps its last runs; "Compare runs" lists the paths whose values were
// added, removed or changed between two of them, also when they went to two profiles.

const USERS = 'query Users($n: Int) { users(first: $n) { nodes { username } } }';

function compareDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Compare runs' });
  return {
    dialog,
    earlier: dialog.getByRole('combobox', { name: 'Earlier run' }),
    later: dialog.getByRole('combobox', { name: 'Later run' }),
    summary: dialog.getByRole('status'),
    table: dialog.getByRole('table', { name: 'Changed paths' }),
    /** The table's body rows as the texts of their cells: path, before, after, kind. */
    rows: () =>
      dialog
        .getByRole('table', { name: 'Changed paths' })
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
        ),
  };
}

/** Runs the query and waits for this run's response (the status bar's time changes with each). */
async function runAndWait(app: ConsolePage, expected: string): Promise<void> {
  await app.run();
  await expect(app.runButton).toBeVisible();
  await expect(app.responseBody).toContainText(expected);
}

test('two runs with different variables: the added item is the changed path', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  const compare = page.getByRole('button', { name: 'Compare runs' });
  await app.setEditor('Query editor', USERS);
  await app.setEditor('Variables editor', '{"n": 2}');
  await runAndWait(app, '"username"');
  // One run: nothing to compare yet.
  await expect(compare).toHaveCount(0);
  const firstText = await app.responseText();
  const firstNames = JSON.parse(firstText).data.users.nodes.map(
    (n: { username: string }) => n.username,
  );
  expect(firstNames).toHaveLength(2);

  await app.setEditor('Variables editor', '{"n": 3}');
  await app.run();
  await expect
    .poll(async () => JSON.parse(await app.responseText()).data.users.nodes.length)
    .toBe(3);
  const third = JSON.parse(await app.responseText()).data.users.nodes[2].username as string;

  await expect(compare).toHaveAttribute('aria-haspopup', 'dialog');
  await compare.click();
  const d = compareDialog(page);
  await expect(d.dialog).toBeVisible();
  await expect(d.earlier.locator('option:checked')).toHaveText(
    /^Run 1 · .* · Users · Default \(127\.0\.0\.1:\d+\) · 200/,
  );
  await expect(d.later.locator('option:checked')).toHaveText(/^Run 2 · /);
  await expect(d.summary).toHaveText('1 changed path: 1 added.');
  expect(await d.rows()).toEqual([
    ['$.data.users.nodes[2]', '', JSON.stringify({ username: third }), 'added'],
  ]);
  await expect(d.dialog).toContainText('Lists are compared by index');
  expect(await seriousViolations(page, '.compare-runs')).toEqual([]);

  // Swapped, the same path is removed; the same run on both sides is no comparison.
  await d.earlier.selectOption({ index: 1 });
  await d.later.selectOption({ index: 0 });
  await expect(d.summary).toHaveText('1 changed path: 1 removed.');
  expect(await d.rows()).toEqual([
    ['$.data.users.nodes[2]', JSON.stringify({ username: third }), '', 'removed'],
  ]);
  await d.later.selectOption({ index: 1 });
  await expect(d.summary).toHaveText('Pick two different runs.');
  await expect(d.table).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(d.dialog).toBeHidden();
  await expect(compare).toBeFocused();
});

test('the same operation against two profiles: the runs say where they went, the identity changed', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.setEditor('Query editor', '{ currentUser { username } }');
  await runAndWait(app, '"alice"');

  // A second profile on the same sandbox, signed in as its admin.
  await app.connection.open();
  await page.getByRole('button', { name: 'New profile' }).click();
  await page.getByRole('textbox', { name: 'Profile name' }).fill('Admin');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await app.connection.enterToken(info.tokens.admin);
  await app.connection.expectSignedInAs('admin');
  await runAndWait(app, '"admin"');

  await page.getByRole('button', { name: 'Compare runs' }).click();
  const d = compareDialog(page);
  const host = new URL(info.base_url).host;
  await expect(d.earlier.locator('option:checked')).toContainText(`Default (${host})`);
  await expect(d.later.locator('option:checked')).toContainText(`Admin (${host})`);
  await expect(d.dialog).toContainText(
    `These runs went to different places: Default (${host}) and Admin (${host}).`,
  );
  await expect(d.summary).toHaveText('1 changed path: 1 changed.');
  expect(await d.rows()).toEqual([
    ['$.data.currentUser.username', '"alice"', '"admin"', 'changed'],
  ]);
  await d.dialog.getByRole('button', { name: 'Close' }).click();
  await expect(d.dialog).toBeHidden();
});
