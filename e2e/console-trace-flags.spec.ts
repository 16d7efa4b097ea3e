import { expect, test, type Page } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';

// Issue 14 §1 (tracing, feature-flag overrides, response headers) and §4 (completion triggers,
// fill all fields, curl byte equality), against the real sandbox behind `npm start`.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

let baseUrl = '';
let userToken = '';

/** The console at `path`, connected with the sandbox user's token. */
async function open(page: Page, path = '/debug/console'): Promise<ConsolePage> {
  const app = new ConsolePage(page);
  await app.open(path);
  await app.connection.connectAs({ baseUrl, token: userToken }, 'alice');
  return app;
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
    const app = await open(page);
    await app.showRequestOptions();
    await page.getByRole('checkbox', { name: 'Trace' }).check();
    await app.runQuery('query Me { currentUser { username } }');
    const status = page.getByRole('definition').filter({ has: page.getByRole('link') });
    const link = app.response.getByRole('link', { name: /^Open trace/ });
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    expect(href).toMatch(new RegExp(`^${baseUrl}/-/debug/jaeger/trace/[0-9a-f]{32}$`));
    const id = href!.split('/').pop()!;
    await expect(status.locator('code')).toHaveText(id);

    await app.response.getByRole('button', { name: 'Copy trace ID' }).click();
    await expect.poll(() => app.clipboardText()).toBe(id);

    const headers = app.responseHeaders;
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
    const app = await open(page);
    await app.runQuery('{ currentUser { username } }');
    await expect(app.response).toContainText('alice');
    await expect(app.response.getByRole('link', { name: /^Open trace/ })).toHaveCount(0);
    const headers = app.responseHeaders;
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
    const app = await open(page, '/debug/console?trace=1&feat=search-debug&feat=-search-keyword');
    await app.showRequestOptions();
    await expect(page.getByRole('checkbox', { name: 'Trace' })).toBeChecked();
    const flags = page.getByRole('textbox', { name: 'Feature flags' });
    await expect(flags).toHaveValue('search-debug, -search-keyword');
    await app.runQuery(EVAL);
    await expect(app.response).toContainText('"evaluateFeatureFlag": true');
    await expect(app.response.getByRole('link', { name: /^Open trace/ })).toBeVisible();

    await flags.fill('');
    await app.run();
    await expect(app.response).toContainText('"evaluateFeatureFlag": false');
  });

  test('the override shows in search results too', async ({ page }) => {
    const app = await open(page);
    await app.showRequestOptions();
    await page.getByRole('textbox', { name: 'Feature flags' }).fill('search-debug');
    await app.runQuery('{ search(query: "count:1 func") { results { alert { title } } } }');
    await expect(app.response).toContainText('"title": "Search debug"');
  });

  test('a word that is not a flag name stops the run and keeps the text', async ({ page }) => {
    const app = await open(page);
    await app.showRequestOptions();
    const flags = page.getByRole('textbox', { name: 'Feature flags' });
    await flags.fill('search-debug, bad"flag');
    await expect(flags).toHaveAttribute('aria-invalid', 'true');
    await app.runQuery(EVAL);
    await expect(app.response.getByRole('alert')).toContainText(
      'Feature flags: "bad"flag" is not a flag name',
    );
    await expect(flags).toHaveValue('search-debug, bad"flag');
  });
});

test.describe('editor (GraphiQL / Altair habits)', () => {
  test('completion opens after "{ " without a letter; an object field gets its leaf fields', async ({
    page,
  }) => {
    const app = await open(page);
    await app.setEditor('Query editor', '');
    await app.queryLanguageReady(); // the closing brace comes with it (closeBrackets)
    await page.keyboard.type('{ '); // closing brace added by closeBrackets
    await expect(app.completion(/currentUser/)).toBeVisible();
    await page.keyboard.type('currentU');
    await app.acceptCompletion(/currentUser/);
    await expect
      .poll(() => app.editorText('Query editor'))
      .toMatch(/^\{ currentUser \{\n {2}id\n {2}username\n(?: {2}\w+\n)+\}\}$/);
    await app.run();
    await expect(app.response).toContainText('"username": "alice"');
  });

  test('completion opens after "(" and ":"', async ({ page }) => {
    const app = await open(page);
    await app.setEditor('Query editor', '{ users');
    await page.keyboard.type('(');
    await expect(app.completion(/^first/)).toBeVisible();
  });

  test('Fill all fields (button and Shift-Ctrl-Enter) fills the set under the cursor', async ({
    page,
  }) => {
    const app = await open(page);
    await app.setEditor('Query editor', '{\n  currentUser {\n    \n  }\n}');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    await app.button('Fill all fields').click();
    const text = await app.editorText('Query editor');
    expect(text).toMatch(
      /^\{\n {2}currentUser \{\n {4}id\n {4}username\n(?: {4}\w+\n)+ {2}\}\n\}$/,
    );
    await app.run();
    await expect(app.response).toContainText('"username": "alice"');

    await app.setEditor('Query editor', '{ site { productVersion } }');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft'); // before the inner "}"
    await page.keyboard.press('Shift+Control+Enter');
    await expect
      .poll(() => app.editorText('Query editor'))
      .toMatch(/^\{ site \{ productVersion\n {2}id\n {2}siteID\n(?: {2}\w+\n)*\} \}$/);
  });
});

test.describe('Copy as curl', () => {
  test('one named operation: byte for byte `src api -get-curl` (no operationName)', async ({
    page,
  }) => {
    const app = await open(page);
    await app.setEditor('Query editor', 'query Me { currentUser { username } }');
    await app.copyAs('Copy as curl');
    await expect(app.notice('Copied')).toBeVisible();
    const clip = await app.clipboardText();
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
    const app = await open(page);
    await app.setEditor('Query editor', 'query A { currentUser { id } }\nquery B { site { id } }');
    await expect(page.getByText(/^Several operations: the command names/)).toBeVisible();
    await app.copyAs('Copy as curl');
    await expect(app.notice('for operation B')).toBeVisible();
    const clip = await app.clipboardText();
    expect(clip).toContain('-d \'{"operationName":"B","query":');
  });

  test('Trace and Feature flags go into the command as headers', async ({ page }) => {
    const app = await open(page, '/debug/console?trace=1&feat=search-debug');
    await app.setEditor('Query editor', '{ currentUser { username } }');
    await app.copyAs('Copy as curl');
    await expect(app.notice('Copied')).toBeVisible();
    const lines = (await app.clipboardText()).split('\n');
    expect(lines.slice(1, 5)).toEqual([
      "   -H 'Authorization: token REDACTED' \\",
      "   -H 'X-Sourcegraph-Should-Trace: true' \\",
      "   -H 'X-Sourcegraph-Override-Feature: search-debug' \\",
      "   -H 'Content-Type: application/json' \\",
    ]);
  });
});
