import { expect, test, type Page } from '@playwright/test';
import { prettyJson } from '../src/shared/api/pretty-json.ts';
import { ConsolePage } from './pages/console-page.ts';
import { sandboxInfo, type SandboxInfo } from './pages/sandbox-info.ts';

/**
 * A ~10 MB response from the sandbox (server/sandbox/instance/README.md: `count:N` returns N
 * files): the whole document is in the viewer, kept once, searchable and copyable to its end.
 */
const QUERY =
  '{ search(query: "count:12000 func") { results { results { ... on FileMatch { ' +
  'file { path content } lineMatches { preview lineNumber offsetAndLengths } } } } } }';

interface SearchResponse {
  data: { search: { results: { results: { file: { path: string } }[] } } };
}

/** The same response fetched by Node, and the text the viewer must show for it. */
async function expected(info: SandboxInfo): Promise<{ display: string; lastPath: string }> {
  const res = await fetch(`${info.base_url}/.api/graphql`, {
    method: 'POST',
    headers: { Authorization: `token ${info.tokens.user}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: QUERY }),
  });
  const body = (await res.json()) as SearchResponse;
  const files = body.data.search.results.results;
  return { display: prettyJson(body), lastPath: files[files.length - 1]?.file.path ?? '' };
}

async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

async function run(app: ConsolePage, query: string): Promise<void> {
  await app.runQuery(query);
  await expect(app.runButton).toBeVisible({ timeout: 60_000 });
  await expect(app.responseBody).toBeVisible();
}

test('a 10 MB response is held once, and is searchable, scrollable and copyable to its end', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const info = await sandboxInfo(page.request);
  const want = await expected(info);
  const lines = want.display.split('\n');
  const app = new ConsolePage(page);
  await app.open();
  await app.connection.connectAs({ baseUrl: info.base_url, token: info.tokens.user }, 'alice');
  // A small run first, so the viewer's code is loaded before the heap is measured.
  await run(app, '{ currentUser { username } }');
  const before = await heapAfterGc(page);

  await run(app, QUERY);
  const response = app.response;
  await expect(response.getByText(/^\d+(\.\d)? MB$/)).toBeVisible();
  // The document is the only big thing the response leaves on the main thread's heap, and its
  // lines are not slices keeping the worker's larger pieces of text alive (that cost 1.35 bytes
  // per character; one flat string per line with repeated short lines shared costs about 1.1, most
  // of it the text itself).
  const perChar = ((await heapAfterGc(page)) - before) / want.display.length;
  expect(perChar).toBeLessThan(1.25);

  const body = app.responseBody;
  // Scrollable to its end: the last line's number and the last file's previews are on screen.
  await body.click();
  await page.keyboard.press('ControlOrMeta+End');
  const gutter = response.locator('.cm-lineNumbers .cm-gutterElement');
  await expect(gutter.getByText(String(lines.length), { exact: true })).toBeVisible();
  // Searchable to its end: from the top, "previous" wraps to the last file's path.
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('ControlOrMeta+f');
  const find = response.getByRole('textbox', { name: 'Find' });
  await find.pressSequentially(want.lastPath);
  await find.press('Shift+Enter');
  await expect(response.locator('.cm-searchMatch-selected')).toHaveText(want.lastPath);
  const lastPathLine = lines.findLastIndex((l) => l.includes(want.lastPath)) + 1;
  await expect(gutter.getByText(String(lastPathLine), { exact: true })).toBeVisible();

  // Copy gives exactly the text shown, to the last character.
  await body.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('ControlOrMeta+c');
  const copied = await app.clipboardText();
  expect(copied.length).toBe(want.display.length);
  expect(copied === want.display).toBe(true);
});
