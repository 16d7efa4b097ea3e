import { createServer, type Server, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';
import { closedOrigin, listenOnFreePort } from './server.ts';

const SEARCH =
  'query Search($q: String!) {\n  search(query: $q) {\n    results {\n      matchCount\n    }\n  }\n}';

test.describe('running operations', () => {
  let app: ConsolePage;
  test.beforeEach(async ({ page, request }) => {
    const info = await sandboxInfo(request);
    app = new ConsolePage(page);
    await app.open();
    await app.connection.connectAs({ baseUrl: info.base_url, token: info.tokens.user }, 'alice');
  });

  test('a query with variables: response, status, time and size', async ({ page }) => {
    await app.setEditor('Query editor', SEARCH);
    await app.setEditor('Variables editor', '{"q": "func count:3"}');
    await app.run();
    await expect(app.responseBody).toContainText('"matchCount"');
    await expect(app.statusBar.first()).toHaveText('200 OK');
    await expect(app.response.getByText(/^\d+ (ms|s)$|^\d+\.\d+ s$/)).toBeVisible();
    await expect(app.response.getByText(/^\d+(\.\d)? (B|KB)$/)).toBeVisible();
    // The run is in History, without any token.
    await app.historyButton.click();
    await expect(app.history.getByRole('button', { name: /Search/ })).toBeVisible();
    const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(stored).not.toContain('sgp_local_');
  });

  test('Ctrl/Cmd-Enter runs from anywhere on the page', async ({ page }) => {
    await app.setEditor('Query editor', '{ currentUser { username } }');
    await app.button('Prettify').focus();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(app.responseBody).toContainText('"alice"');
  });

  test('broken variables JSON blocks the run and says where', async ({ page }) => {
    await app.setEditor('Query editor', SEARCH);
    await app.setEditor('Variables editor', '{\n  "q": "x",\n}');
    await app.run();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Variables are not valid JSON' }),
    ).toContainText('line 3');
    await expect(app.response.getByText('Run a query')).toBeVisible();
    // Nothing typed is lost.
    expect(await app.editorText('Variables editor')).toBe('{\n  "q": "x",\n}');
  });

  test('a syntax error is still sent; the server error links back into the query', async () => {
    await app.setEditor('Query editor', '{\n  currentUser {\n    username\n');
    await app.run();
    const errors = app.response.getByRole('region', { name: 'GraphQL errors' });
    await expect(errors).toContainText('syntax error');
    await errors
      .getByRole('button', { name: /^line \d+, column \d+$/ })
      .first()
      .click();
    await expect(app.editor('Query editor')).toBeFocused();
  });

  test('a revoked token: the plain-text 401 verbatim', async ({ request }) => {
    const info = await sandboxInfo(request);
    await app.connection.connect({ baseUrl: info.base_url, token: info.tokens.revoked });
    await app.runQuery('{ currentUser { username } }');
    await expect(app.response.getByRole('alert')).toContainText(
      '401 Unauthorized: Invalid access token.',
    );
    await expect(app.responseBody).toHaveText('Invalid access token.');
  });

  test('an HTML page instead of JSON', async ({ request, baseURL }) => {
    const info = await sandboxInfo(request);
    await app.connection.connect({ baseUrl: baseURL!, token: info.tokens.user });
    await app.runQuery('{ currentUser { username } }');
    await expect(app.response.getByRole('alert')).toContainText(/Not a GraphQL endpoint/);
  });

  test('over a cost limit: a warning first, then the instance 400 names the limit', async ({
    page,
  }) => {
    const aliases = Array.from({ length: 501 }, (_, i) => `a${i}: currentUser { username }`).join(
      '\n',
    );
    await app.runQuery(`{\n${aliases}\n}`);
    const warning = page.getByRole('alertdialog');
    await expect(warning).toContainText('alias count: 501 (limit 500)');
    await warning.getByRole('button', { name: 'Send anyway' }).click();
    await expect(app.response.getByRole('alert')).toContainText(
      '400 Bad Request: the instance refused the query',
    );
    await expect(app.response.getByRole('alert')).toContainText('alias count: 501 (limit 500)');
  });

  test('an unreachable instance is a network failure', async ({ request }) => {
    const info = await sandboxInfo(request);
    const nowhere = await closedOrigin();
    await app.connection.connect({ baseUrl: nowhere, token: info.tokens.user });
    await app.run();
    await expect(app.response.getByRole('alert')).toContainText(`Could not reach ${nowhere}`);
  });

  test('Stop aborts a request that does not answer', async ({ request }) => {
    // An "instance" that accepts connections and never answers.
    const sockets: Socket[] = [];
    const server: Server = createServer((s) => sockets.push(s));
    const instance = await listenOnFreePort(server);
    try {
      const info = await sandboxInfo(request);
      await app.connection.connect({ baseUrl: instance, token: info.tokens.user });
      await app.run();
      await app.stopButton.click();
      await expect(app.response.getByRole('alert')).toContainText('Stopped');
      await expect(app.runButton).toBeVisible();
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    }
  });

  test('a multi-megabyte response: formatted in the worker, searchable, foldable', async ({
    page,
  }) => {
    const query =
      '{ search(query: "count:12000 func", version: V3) { results { matchCount results { ' +
      '... on FileMatch { file { path } lineMatches { preview lineNumber } } } } } }';
    await app.runQuery(query);
    const response = app.response;
    await expect(response.getByText(/^\d+(\.\d)? MB$/)).toBeVisible({ timeout: 60_000 });
    const body = app.responseBody;
    await expect(body).toContainText('"data"');
    // Search inside the response (CodeMirror's panel: the browser's find misses unrendered lines).
    await body.click();
    await page.keyboard.press('ControlOrMeta+f');
    const find = response.getByRole('textbox', { name: 'Find' });
    await expect(find).toBeFocused();
    await find.pressSequentially('matchCount');
    await page.keyboard.press('Enter');
    await expect(response.locator('.cm-searchMatch-selected')).toHaveText('matchCount');
    // Fold the whole body from the first line.
    await page.keyboard.press('Escape');
    await response.locator('.cm-foldGutter [title="Fold line"]').first().click();
    await expect(response.locator('.cm-foldPlaceholder')).toBeVisible();
    // The editor stays usable.
    await app.setEditor('Query editor', '{ currentUser { username } }');
    expect(await app.editor('Query editor').textContent()).toContain('currentUser');
  });
});
