import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe-helpers.ts';
import { ConsolePage } from './pages/console-page.ts';
import { startServerWithSiteConfig, type ExtraServer } from './server.ts';

// A sandbox whose field count limit is 1,000 (site config rateLimits), and the console's limits
// set to the same in the cost meter's Limits: the editor's cost hints and their quick fixes,
// used from the keyboard, bring a query the instance refuses under its limit.
const LIMIT = 1000;
let server: ExtraServer;

test.beforeAll(async () => {
  server = await startServerWithSiteConfig({ rateLimits: { graphQLMaxFieldCount: LIMIT } });
});

test.afterAll(async () => {
  await server?.stop();
});

async function openWithLowLimit(page: Page): Promise<ConsolePage> {
  const app = new ConsolePage(page);
  await app.openWithSandbox(`${server.url}/debug/console`);
  const cost = page.getByRole('region', { name: 'Query cost' });
  const limits = cost.getByText('Limits', { exact: true });
  await limits.click();
  await cost.getByRole('spinbutton', { name: 'Max field count' }).fill(String(LIMIT));
  await limits.click();
  await app.queryLanguageReady();
  return app;
}

/**
 * The lint panel ("Problems and quick fixes", Ctrl/Cmd-.), which takes the focus; its list is
 * "Diagnostics", the first problem selected.
 */
async function openDiagnostics(app: ConsolePage) {
  await app.editor('Query editor').focus();
  await app.page.keyboard.press('ControlOrMeta+.');
  const list = app.page.getByRole('listbox', { name: 'Diagnostics' });
  await expect(list).toBeFocused();
  return list;
}

test('a first: over the field count limit is lowered from the keyboard, and the run succeeds', async ({
  page,
}) => {
  const app = await openWithLowLimit(page);
  // 1 + 600 × 2 = 1,201 fields.
  await app.setEditor('Query editor', '{ users(first: 600) { nodes { username displayName } } }');
  const warning = page.locator('.query-editor .cm-lintRange-warning');
  await expect(warning).toHaveText('users');
  // The sandbox refuses it, as the hint says.
  await app.run();
  await page.getByRole('button', { name: 'Send anyway' }).click();
  await expect(app.statusBar.first()).toHaveText('400 Bad Request');
  await expect(app.response).toContainText('Query exceeds maximum field count limit');

  const list = await openDiagnostics(app);
  const hint = list.getByRole('option', { selected: true });
  await expect(hint).toContainText(
    'users: 100 % of the field count (1,201 of 1,201). The field count is over the limit ' +
      '(1,000): the instance will refuse this query. first: 499 is the largest value that fits.',
  );
  // CodeMirror names the button " Action: <name> (access key "L)"." (its quote is misplaced).
  const fix = hint.getByRole('button', { name: /^Action: Lower first to 499 \(access key "L/ });
  await expect(fix).toBeVisible();
  // CodeMirror's panel puts a fix's button inside its option (axe: nested-interactive); the
  // option's name carries the button's ("Action: …, access key"), and the letter applies it.
  const violations = await seriousViolations(page, '.query-editor .cm-panel-lint');
  expect(violations.filter((v) => !v.startsWith('serious nested-interactive'))).toEqual([]);
  await page.keyboard.press('l');

  await expect
    .poll(() => app.editorText('Query editor'))
    .toBe('{ users(first: 499) { nodes { username displayName } } }');
  // 999 of 1,000: near the limit, so the hint stays as information, no longer a warning.
  await expect(page.locator('.query-editor .cm-lintRange-info')).toHaveText('users');
  await expect(warning).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(app.editor('Query editor')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(app.statusBar.first()).toHaveText('200 OK');
  await expect(app.responseBody).toContainText('"username"');
});

test('a first: from Variables is set there; a duplicate field is removed', async ({ page }) => {
  const app = await openWithLowLimit(page);
  await app.setEditor('Variables editor', '{ "n": 600 }');
  await app.setEditor(
    'Query editor',
    'query Users($n: Int) {\n  users(first: $n) {\n    nodes {\n      username\n      username\n    }\n  }\n}',
  );
  const list = await openDiagnostics(app);
  const usersHint = list.getByRole('option').filter({ hasText: 'users: 100 %' });
  await expect(usersHint).toContainText(
    'first is $n (600 in Variables); 499 is the largest value that fits.',
  );
  const dup = list.getByRole('option').filter({ hasText: 'username is selected twice here' });
  await expect(dup).toContainText('the copy adds 600 to the field count');
  // A problem not selected too: its fix's button is legible.
  const violations = await seriousViolations(page, '.query-editor .cm-panel-lint');
  expect(violations.filter((v) => !v.startsWith('serious nested-interactive'))).toEqual([]);

  // The duplicate is second: move to it and remove it.
  await page.keyboard.press('ArrowDown');
  await expect(dup).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('r');
  await expect
    .poll(() => app.editorText('Query editor'))
    .toBe(
      'query Users($n: Int) {\n  users(first: $n) {\n    nodes {\n      username\n    }\n  }\n}',
    );

  // 1 + 600 = 601 is near the limit now, not over it: no fix is offered.
  await expect(usersHint).toContainText('The query is at 60 % of the field count limit (1,000).');
  await app.setEditor('Variables editor', '{ "n": 1200 }');
  const list2 = await openDiagnostics(app);
  const again = list2.getByRole('option', { selected: true });
  await expect(again).toContainText('999 is the largest value that fits');
  await page.keyboard.press('s');
  await expect.poll(() => app.editorText('Variables editor')).toBe('{ "n": 999 }');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(app.statusBar.first()).toHaveText('200 OK');
});
