import { expect, test, type Page } from '@playwright/test';
import {
  connect,
  editorText,
  responseRegion,
  sandboxInfo,
  setEditor,
} from './console-core-helpers.ts';

// Issue 14 §1 (tracing, feature-flag overrides, response headers) and §4 (completion triggers,
// fill all fields, curl byte equality), against the real sandbox behind `npm start`.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

let baseUrl = '';
let userToken = '';

async function open(page: Page, path = '/debug/console') {
  await page.goto(path);
  await connect(page, { baseUrl, token: userToken });
  await expect(page.getByText('Signed in as alice')).toBeVisible();
}

async function run(page: Page, query: string) {
  await setEditor(page, 'Query editor', query);
  await page.getByRole('button', { name: 'Run query' }).click();
}

test.beforeEach(async ({ request }) => {
  const info = await sandboxInfo(request);
  baseUrl = info.base_url.replace(/\/$/, '');
  userToken = info.tokens.user;
});

test.describe('tracing', () => {
  test('a traced run shows the trace id and a link whose page lists the phases', async ({
    page,
    context,
  }) => {
    await open(page);
    await page.getByRole('checkbox', { name: 'Trace' }).check();
    await run(page, 'query Me { currentUser { username } }');
    const status = page.getByRole('definition').filter({ has: page.getByRole('link') });
    const link = responseRegion(page).getByRole('link', { name: /^Open trace/ });
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^${baseUrl}/-/debug/jaeger/trace/[0-9a-f]{32}$`));
    const id = href!.split('/').pop()!;
    await expect(status.locator('code')).toHaveText(id);

    await responseRegion(page).getByRole('button', { name: 'Copy trace ID' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(id);

    const headers = page.getByRole('region', { name: 'Response headers' });
    await headers.getByText(/^Response headers/).click();
    await expect(headers.getByRole('row', { name: /^x-trace / })).toContainText(id);
    await expect(headers.getByRole('row', { name: /^x-trace-span / })).toContainText(
      /[0-9a-f]{16}/,
    );

    const [tracePage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tracePage.waitForLoadState();
    expect(tracePage.url()).toBe(href);
    await expect(tracePage.getByRole('heading', { level: 1 })).toContainText(id);
    const phases = tracePage.getByRole('table', { name: 'Phases' });
    for (const phase of ['auth', 'cost estimate', 'validation', 'execution', 'serialisation'])
      await expect(phases.getByRole('cell', { name: phase, exact: true })).toBeVisible();
    await expect(tracePage.getByText('status 200')).toBeVisible();
    await expect(tracePage.getByText('POST /.api/graphql?Me')).toBeVisible();
  });

  test('without Trace there is no trace link, and the headers are still shown', async ({
    page,
  }) => {
    await open(page);
    await run(page, '{ currentUser { username } }');
    await expect(responseRegion(page)).toContainText('alice');
    await expect(responseRegion(page).getByRole('link', { name: /^Open trace/ })).toHaveCount(0);
    const headers = page.getByRole('region', { name: 'Response headers' });
    await headers.getByText(/^Response headers/).click();
    await expect(headers.getByRole('row', { name: /^content-type / })).toContainText(
      'application/json',
    );
  });
});

test.describe('feature-flag overrides', () => {
  const EVAL = '{ evaluateFeatureFlag(flagName: "search-debug") }';

  test('?trace=1&feat=… on the console URL set Trace and the flags; an override changes the answer', async ({
    page,
  }) => {
    await open(page, '/debug/console?trace=1&feat=search-debug&feat=-search-keyword');
    await expect(page.getByRole('checkbox', { name: 'Trace' })).toBeChecked();
    const flags = page.getByRole('textbox', { name: 'Feature flags' });
    await expect(flags).toHaveValue('search-debug, -search-keyword');
    await run(page, EVAL);
    await expect(responseRegion(page)).toContainText('"evaluateFeatureFlag": true');
    await expect(responseRegion(page).getByRole('link', { name: /^Open trace/ })).toBeVisible();

    await flags.fill('');
    await page.getByRole('button', { name: 'Run query' }).click();
    await expect(responseRegion(page)).toContainText('"evaluateFeatureFlag": false');
  });

  test('the override shows in search results too', async ({ page }) => {
    await open(page);
    await page.getByRole('textbox', { name: 'Feature flags' }).fill('search-debug');
    await run(page, '{ search(query: "count:1 func") { results { alert { title } } } }');
    await expect(responseRegion(page)).toContainText('"title": "Search debug"');
  });

  test('a word that is not a flag name stops the run and keeps the text', async ({ page }) => {
    await open(page);
    const flags = page.getByRole('textbox', { name: 'Feature flags' });
    await flags.fill('search-debug, bad"flag');
    await expect(flags).toHaveAttribute('aria-invalid', 'true');
    await run(page, EVAL);
    await expect(responseRegion(page).getByRole('alert')).toContainText(
      'Feature flags: "bad"flag" is not a flag name',
    );
    await expect(flags).toHaveValue('search-debug, bad"flag');
  });
});

test.describe('editor (GraphiQL / Altair habits)', () => {
  test('completion opens after "{ " without a letter; an object field gets its leaf fields', async ({
    page,
  }) => {
    await open(page);
    await setEditor(page, 'Query editor', '');
    await page.keyboard.type('{ '); // closing brace added by closeBrackets
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option', { name: /currentUser/ })).toBeVisible();
    await page.keyboard.type('currentU');
    // A click accepts at once (Enter is ignored for 75 ms after the list reopens: interactionDelay).
    await list
      .getByRole('option', { name: /currentUser/ })
      .first()
      .click();
    await expect
      .poll(() => editorText(page, 'Query editor'))
      .toMatch(/^\{ currentUser \{\n {2}id\n {2}username\n(?: {2}\w+\n)+\}\}$/);
    await page.getByRole('button', { name: 'Run query' }).click();
    await expect(responseRegion(page)).toContainText('"username": "alice"');
  });

  test('completion opens after "(" and ":"', async ({ page }) => {
    await open(page);
    await setEditor(page, 'Query editor', '{ users');
    await page.keyboard.type('(');
    await expect(page.getByRole('listbox').getByRole('option', { name: /^first/ })).toBeVisible();
  });

  test('Fill all fields (button and Shift-Ctrl-Enter) fills the set under the cursor', async ({
    page,
  }) => {
    await open(page);
    await setEditor(page, 'Query editor', '{\n  currentUser {\n    \n  }\n}');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    await page.getByRole('button', { name: 'Fill all fields' }).click();
    const text = await editorText(page, 'Query editor');
    expect(text).toMatch(
      /^\{\n {2}currentUser \{\n {4}id\n {4}username\n(?: {4}\w+\n)+ {2}\}\n\}$/,
    );
    await page.getByRole('button', { name: 'Run query' }).click();
    await expect(responseRegion(page)).toContainText('"username": "alice"');

    await setEditor(page, 'Query editor', '{ site { productVersion } }');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft'); // before the inner "}"
    await page.keyboard.press('Shift+Control+Enter');
    await expect
      .poll(() => editorText(page, 'Query editor'))
      .toMatch(/^\{ site \{ productVersion\n {2}id\n {2}siteID\n(?: {2}\w+\n)*\} \}$/);
  });
});

test.describe('Copy as curl', () => {
  test('one named operation: byte for byte `src api -get-curl` (no operationName)', async ({
    page,
  }) => {
    await open(page);
    await setEditor(page, 'Query editor', 'query Me { currentUser { username } }');
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    // Written by hand from the -get-curl rules, not by toCurl.
    expect(clip).toBe(
      [
        'curl \\',
        "   -H 'Authorization: token REDACTED' \\",
        "   -H 'Content-Type: application/json' \\",
        '   -d \'{"query":"query Me { currentUser { username } }","variables":{}}\' \\',
        `   ${baseUrl}/.api/graphql`,
        '',
      ].join('\n'),
    );
  });

  test('several operations: said next to the button, and the chosen one is named', async ({
    page,
  }) => {
    await open(page);
    await setEditor(
      page,
      'Query editor',
      'query A { currentUser { id } }\nquery B { site { id } }',
    );
    await expect(page.getByText(/^Several operations: the command names/)).toBeVisible();
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'for operation B' })).toBeVisible();
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    expect(clip).toContain('-d \'{"operationName":"B","query":');
  });

  test('Trace and Feature flags go into the command as headers', async ({ page }) => {
    await open(page, '/debug/console?trace=1&feat=search-debug');
    await setEditor(page, 'Query editor', '{ currentUser { username } }');
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    const lines = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
    expect(lines.slice(1, 5)).toEqual([
      "   -H 'Authorization: token REDACTED' \\",
      "   -H 'X-Sourcegraph-Should-Trace: true' \\",
      "   -H 'X-Sourcegraph-Override-Feature: search-debug' \\",
      "   -H 'Content-Type: application/json' \\",
    ]);
  });
});
