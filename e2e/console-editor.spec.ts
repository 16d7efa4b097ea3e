import { expect, test, type Locator, type Page } from '@playwright/test';
import { connect, editorText, sandboxInfo, setEditor } from './console-core-helpers.ts';

// Editors' flows: completion, hover, diagnostics, prettify, copy as curl.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const queryEditor = (page: Page) => page.getByRole('textbox', { name: 'Query editor' });
/** CodeMirror's diagnostic tooltip (shown on hovering an underlined range). */
const lintTooltip = (page: Page) => page.locator('.cm-tooltip-lint');

/** CodeMirror ignores Enter for 75 ms after the completion list (re)opens (interactionDelay). */
const settle = (page: Page) => page.waitForTimeout(150);

/** Rests the mouse on an element the way a person does: a few small moves, then still. */
async function hoverSteadily(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('element has no box');
  for (let i = 0; i < 4; i++) {
    await page.mouse.move(box.x + 2 + i, box.y + box.height / 2);
    await page.waitForTimeout(100); // CodeMirror opens hover tooltips once the pointer rests
  }
}

test.describe('console editors', () => {
  let baseUrl = '';
  test.beforeEach(async ({ page, request }) => {
    const info = await sandboxInfo(request);
    baseUrl = info.base_url;
    await page.goto('/debug/console');
    await connect(page, { baseUrl, token: info.tokens.user });
    await expect(page.getByText('Signed in as alice')).toBeVisible();
  });

  test('completion offers a field from the schema after typing', async ({ page }) => {
    await setEditor(page, 'Query editor', '{\n  ');
    await page.keyboard.type('currentU');
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option', { name: /currentUser/ })).toBeVisible();
    await settle(page);
    await page.keyboard.press('Enter');
    // An object field comes with a selection set of its leaf fields (as GraphiQL).
    await expect
      .poll(() => editorText(page, 'Query editor'))
      .toMatch(/^\{\n {2}currentUser \{\n {4}id\n {4}username\n(?: {4}\w+\n)+ {2}\}$/);
  });

  test('the completion list is in the page by the first frame after the keystroke', async ({
    page,
  }) => {
    await setEditor(page, 'Query editor', '{\n  ');
    // Not a timing: an order. The list must be there when the frame that shows the typed
    // letter is drawn, not one frame later (CodeMirror's own start waits for a timer that
    // Chromium runs after that frame).
    await page.evaluate(() => {
      const w = window as unknown as { __listAtFrame?: boolean };
      document.addEventListener(
        'input',
        () =>
          requestAnimationFrame(() => {
            w.__listAtFrame = !!document.querySelector('.cm-tooltip-autocomplete [role="option"]');
          }),
        { capture: true, once: true },
      );
    });
    await page.keyboard.press('c');
    await expect(
      page.getByRole('listbox').getByRole('option', { name: /currentUser/ }),
    ).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __listAtFrame?: boolean }).__listAtFrame),
    ).toBe(true);
  });

  test('hover shows a field with its type and description', async ({ page }) => {
    await setEditor(page, 'Query editor', '{ currentUser { username } }');
    await hoverSteadily(page, queryEditor(page).getByText('currentUser'));
    await expect(page.getByRole('tooltip')).toContainText('Query.currentUser: User');
  });

  test('validation marks an unknown field as you type', async ({ page }) => {
    await setEditor(page, 'Query editor', '{ currentUser { nme } }');
    const mark = queryEditor(page).locator('.cm-lintRange-error');
    await expect(mark).toHaveText('nme');
    await hoverSteadily(page, mark);
    await expect(lintTooltip(page)).toContainText('Cannot query field "nme" on type "User"');
  });

  test('Variables are checked against the operation the cursor is in as soon as it is typed', async ({
    page,
  }) => {
    // The query editor owns the text: the operation under the cursor comes from the live document
    // (not from a copy of it taken a moment earlier, before the second operation existed).
    await setEditor(
      page,
      'Query editor',
      'query A { currentUser { username } }\nquery B($q: String!) { search(query: $q) { results { matchCount } } }',
    );
    await setEditor(page, 'Variables editor', '{}');
    const mark = page
      .getByRole('textbox', { name: 'Variables editor' })
      .locator('.cm-lintRange-error');
    await expect(mark).toBeVisible();
    await hoverSteadily(page, mark);
    await expect(lintTooltip(page)).toContainText('Missing required variable "$q" (String!)');
  });

  test('broken variables JSON shows a diagnostic at the broken spot', async ({ page }) => {
    await setEditor(
      page,
      'Query editor',
      'query ($q: String!) { search(query: $q) { results { matchCount } } }',
    );
    await setEditor(page, 'Variables editor', '{\n  "q": "x",\n}');
    const vars = page.getByRole('textbox', { name: 'Variables editor' });
    const mark = vars.locator('.cm-lintRange-error');
    await expect(mark).toHaveText('}');
    await hoverSteadily(page, mark);
    await expect(lintTooltip(page)).toContainText('Remove the trailing comma');
    // A valid object that misses a required variable is flagged too.
    await page.mouse.move(0, 0); // let the tooltip close so it does not cover the editor
    await setEditor(page, 'Variables editor', '{}');
    await hoverSteadily(page, vars.locator('.cm-lintRange-error'));
    await expect(lintTooltip(page)).toContainText('Missing required variable "$q" (String!)');
  });

  test('Shift-Ctrl-P prettifies and keeps comments; Ctrl-Z undoes it', async ({ page }) => {
    await setEditor(page, 'Query editor', '# who\n{currentUser{username # name\n}}');
    await page.keyboard.press('Shift+Control+P');
    await expect
      .poll(() => editorText(page, 'Query editor'))
      .toBe('# who\n{\n  currentUser {\n    username # name\n  }\n}');
    await page.keyboard.press('ControlOrMeta+z');
    await expect
      .poll(() => editorText(page, 'Query editor'))
      .toBe('# who\n{currentUser{username # name\n}}');
  });

  test('Copy as curl puts the exact src-cli command in the clipboard', async ({ page }) => {
    await setEditor(page, 'Query editor', '{ currentUser { username } }');
    await setEditor(page, 'Variables editor', '');
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    // Written by hand from the -get-curl rules, not by toCurl.
    const expected = [
      'curl \\',
      "   -H 'Authorization: token REDACTED' \\",
      "   -H 'Content-Type: application/json' \\",
      '   -d \'{"query":"{ currentUser { username } }","variables":{}}\' \\',
      `   ${baseUrl.replace(/\/$/, '')}/.api/graphql`,
      '',
    ].join('\n');
    expect(clip).toBe(expected);
  });

  test('Shift-Ctrl-M merges fragments; Mod-f opens search in the editor', async ({ page }) => {
    await setEditor(
      page,
      'Query editor',
      '{ currentUser { ...U } }\nfragment U on User { username }\nfragment V on Query { currentUser { ...U } }',
    );
    await page.keyboard.press('Shift+Control+M');
    // U is on User, the type of currentUser itself, so its fields go in without a wrapper.
    await expect
      .poll(() => editorText(page, 'Query editor'))
      .toBe('{\n  currentUser {\n    username\n  }\n}');
    await page.keyboard.press('ControlOrMeta+f');
    await expect(page.getByRole('textbox', { name: 'Find' })).toBeFocused();
  });

  test("completion offers the operation's variable names in the Variables editor", async ({
    page,
  }) => {
    await setEditor(
      page,
      'Query editor',
      'query ($q: String!) { search(query: $q) { results { matchCount } } }',
    );
    // Wait until the Variables editor knows the query: it flags the missing variable.
    await setEditor(page, 'Variables editor', '{}');
    const vars = page.getByRole('textbox', { name: 'Variables editor' });
    await expect(vars.locator('.cm-lintRange-error')).toHaveCount(1);
    await setEditor(page, 'Variables editor', '{\n  ');
    await page.keyboard.type('"');
    await expect(page.getByRole('listbox').getByRole('option', { name: /"q"/ })).toBeVisible();
    await settle(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => editorText(page, 'Variables editor')).toBe('{\n  "q": ');
  });

  test('Include token puts the real token in the copied command, with a warning', async ({
    page,
    request,
  }) => {
    const info = await sandboxInfo(request);
    await setEditor(page, 'Query editor', '{ currentUser { username } }');
    await page.getByRole('checkbox', { name: 'Include token' }).check();
    await expect(page.getByText('will contain your token')).toBeVisible();
    await page.getByRole('button', { name: 'Copy as src command' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied src command' })).toBeVisible();
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    expect(clip).toBe(
      `export SRC_ENDPOINT=${baseUrl.replace(/\/$/, '')}\n` +
        `export SRC_ACCESS_TOKEN=${info.tokens.user}\n` +
        "src api -query='{ currentUser { username } }' -vars='{}'\n",
    );
  });
});
