import { createServer, type Server, type Socket } from 'node:net';
import { expect, test } from '@playwright/test';
import {
  connect,
  editorText,
  responseRegion,
  sandboxInfo,
  setEditor,
} from './console-core-helpers.ts';

const SEARCH =
  'query Search($q: String!) {\n  search(query: $q) {\n    results {\n      matchCount\n    }\n  }\n}';

test.describe('running operations', () => {
  test.beforeEach(async ({ page, request }) => {
    const info = await sandboxInfo(request);
    await page.goto('/debug/console');
    await connect(page, { baseUrl: info.base_url, token: info.tokens.user });
    await expect(page.getByText('Signed in as alice')).toBeVisible();
  });

  test('a query with variables: response, status, time and size', async ({ page }) => {
    await setEditor(page, 'Query editor', SEARCH);
    await setEditor(page, 'Variables editor', '{"q": "func count:3"}');
    await page.getByRole('button', { name: 'Run query' }).click();
    const response = responseRegion(page);
    await expect(response.getByRole('textbox', { name: 'Response body' })).toContainText(
      '"matchCount"',
    );
    const statusBar = response.getByRole('definition');
    await expect(statusBar.first()).toHaveText('200 OK');
    await expect(response.getByText(/^\d+ (ms|s)$|^\d+\.\d+ s$/)).toBeVisible();
    await expect(response.getByText(/^\d+(\.\d)? (B|KB)$/)).toBeVisible();
    // The run is in History, without any token.
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await expect(
      page.getByRole('complementary', { name: 'History' }).getByRole('button', { name: /Search/ }),
    ).toBeVisible();
    const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(stored).not.toContain('sgp_local_');
  });

  test('Ctrl/Cmd-Enter runs from anywhere on the page', async ({ page }) => {
    await setEditor(page, 'Query editor', '{ currentUser { username } }');
    await page.getByRole('button', { name: 'Prettify' }).focus();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(
      responseRegion(page).getByRole('textbox', { name: 'Response body' }),
    ).toContainText('"alice"');
  });

  test('broken variables JSON blocks the run and says where', async ({ page }) => {
    await setEditor(page, 'Query editor', SEARCH);
    await setEditor(page, 'Variables editor', '{\n  "q": "x",\n}');
    await page.getByRole('button', { name: 'Run query' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Variables are not valid JSON' }),
    ).toContainText('line 3');
    await expect(responseRegion(page).getByText('Run a query')).toBeVisible();
    // Nothing typed is lost.
    expect(await editorText(page, 'Variables editor')).toBe('{\n  "q": "x",\n}');
  });

  test('a syntax error is still sent; the server error links back into the query', async ({
    page,
  }) => {
    await setEditor(page, 'Query editor', '{\n  currentUser {\n    username\n');
    await page.getByRole('button', { name: 'Run query' }).click();
    const errors = responseRegion(page).getByRole('region', { name: 'GraphQL errors' });
    await expect(errors).toContainText('syntax error');
    await errors
      .getByRole('button', { name: /^line \d+, column \d+$/ })
      .first()
      .click();
    await expect(page.getByRole('textbox', { name: 'Query editor' })).toBeFocused();
  });

  test('a revoked token: the plain-text 401 verbatim', async ({ page, request }) => {
    const info = await sandboxInfo(request);
    await connect(page, { baseUrl: info.base_url, token: info.tokens.revoked });
    await setEditor(page, 'Query editor', '{ currentUser { username } }');
    await page.getByRole('button', { name: 'Run query' }).click();
    const response = responseRegion(page);
    await expect(response.getByRole('alert')).toContainText(
      '401 Unauthorized: Invalid access token.',
    );
    await expect(response.getByRole('textbox', { name: 'Response body' })).toHaveText(
      'Invalid access token.',
    );
  });

  test('an HTML page instead of JSON', async ({ page, request, baseURL }) => {
    const info = await sandboxInfo(request);
    await connect(page, { baseUrl: baseURL!, token: info.tokens.user });
    await setEditor(page, 'Query editor', '{ currentUser { username } }');
    await page.getByRole('button', { name: 'Run query' }).click();
    await expect(responseRegion(page).getByRole('alert')).toContainText(/Not a GraphQL endpoint/);
  });

  test('over a cost limit: a warning first, then the instance 400 names the limit', async ({
    page,
  }) => {
    const aliases = Array.from({ length: 501 }, (_, i) => `a${i}: currentUser { username }`).join(
      '\n',
    );
    await setEditor(page, 'Query editor', `{\n${aliases}\n}`);
    await page.getByRole('button', { name: 'Run query' }).click();
    const warning = page.getByRole('alertdialog');
    await expect(warning).toContainText('alias count: 501 (limit 500)');
    await warning.getByRole('button', { name: 'Send anyway' }).click();
    const response = responseRegion(page);
    await expect(response.getByRole('alert')).toContainText(
      '400 Bad Request: the instance refused the query',
    );
    await expect(response.getByRole('alert')).toContainText('alias count: 501 (limit 500)');
  });

  test('an unreachable instance is a network failure', async ({ page, request }) => {
    const info = await sandboxInfo(request);
    await connect(page, { baseUrl: 'http://127.0.0.1:4449', token: info.tokens.user });
    await page.getByRole('button', { name: 'Run query' }).click();
    await expect(responseRegion(page).getByRole('alert')).toContainText(
      'Could not reach http://127.0.0.1:4449',
    );
  });

  test('Stop aborts a request that does not answer', async ({ page, request }) => {
    // An "instance" that accepts connections and never answers.
    const sockets: Socket[] = [];
    const server: Server = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => server.listen(4447, '127.0.0.1', r));
    try {
      const info = await sandboxInfo(request);
      await connect(page, { baseUrl: 'http://127.0.0.1:4447', token: info.tokens.user });
      await page.getByRole('button', { name: 'Run query' }).click();
      await page.getByRole('button', { name: 'Stop' }).click();
      await expect(responseRegion(page).getByRole('alert')).toContainText('Stopped');
      await expect(page.getByRole('button', { name: 'Run query' })).toBeVisible();
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
    await setEditor(page, 'Query editor', query);
    await page.getByRole('button', { name: 'Run query' }).click();
    const response = responseRegion(page);
    await expect(response.getByText(/^\d+(\.\d)? MB$/)).toBeVisible({ timeout: 60_000 });
    const body = response.getByRole('textbox', { name: 'Response body' });
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
    await setEditor(page, 'Query editor', '{ currentUser { username } }');
    expect(await page.getByRole('textbox', { name: 'Query editor' }).textContent()).toContain(
      'currentUser',
    );
  });
});
