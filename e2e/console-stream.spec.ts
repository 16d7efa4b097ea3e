import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { listenOnFreePort } from './server.ts';

/** An instance stand-in whose big answer arrives in two parts, the second only on request. */
const FILES = 4000;
const path = (i: number) => `stream/dir${i % 37}/file-${i}.go`;
const item = (i: number) =>
  JSON.stringify({
    file: { path: path(i), content: `package main\n// line ${i}\nfunc f${i}() {}\n` },
    lineMatches: [{ preview: `func f${i}() {}`, lineNumber: 3, offsetAndLengths: [[0, 4]] }],
  });

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString()));
    req.on('end', () => resolve(s));
  });
}

test.describe('a big response streams into the viewer', () => {
  let server: Server;
  let instance: string;
  let release: () => void = () => {};
  let firstPartSent: Promise<void>;

  test.beforeEach(async () => {
    let markSent: () => void = () => {};
    firstPartSent = new Promise((r) => (markSent = r));
    const rest = new Promise<void>((r) => (release = r));
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      void readBody(req).then(async (body) => {
        if (!body.includes('streamed')) {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ data: { currentUser: { username: 'alice' } } }));
          return;
        }
        // Chunked (no Content-Length): half of the results, then the rest once released.
        res.writeHead(200, { 'Content-Type': 'application/json' });
        const half = Array.from({ length: FILES / 2 }, (_, i) => item(i)).join(',');
        res.write(`{"data":{"search":{"results":{"streamed":true,"results":[${half}`);
        markSent();
        await rest;
        const second = Array.from({ length: FILES / 2 }, (_, i) => item(FILES / 2 + i));
        res.end(`,${second.join(',')}]}}}}`);
      });
    });
    instance = await listenOnFreePort(server);
  });

  test.afterEach(async () => {
    release();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  test('the first lines show while the rest is still arriving; then all of it is searchable', async ({
    page,
  }) => {
    // Records whether the viewer's code was ever waited for ("Loading viewer…" in the page).
    await page.addInitScript(() => {
      const w = window as unknown as { __viewerWaited?: boolean };
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Loading viewer…')) w.__viewerWaited = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const app = new ConsolePage(page);
    await app.open();
    await app.connection.connect({
      baseUrl: instance,
      token: 'sgp_local_stream',
    });
    await app.runQuery(
      '{ search(query: "streamed") { results { results { ... on FileMatch { file { path } } } } } }',
    );
    await firstPartSent;
    const response = app.response;
    const body = app.responseBody;
    // Pretty-printed as it arrives, while the upstream still holds the second half back.
    await expect(body).toContainText(`"path": "${path(0)}"`);
    await expect(body).toContainText('"results": [');
    await expect(app.stopButton).toBeVisible();

    release();
    await expect(app.runButton).toBeVisible();
    await expect(response.getByText(/^\d+(\.\d)? (KB|MB)$/)).toBeVisible();
    // The end of the response is there: search finds the last file and scrolls to it.
    await body.click();
    await page.keyboard.press('ControlOrMeta+f');
    const find = response.getByRole('textbox', { name: 'Find' });
    await expect(find).toBeFocused();
    await find.pressSequentially(path(FILES - 1));
    await page.keyboard.press('Enter');
    await expect(response.locator('.cm-searchMatch-selected')).toHaveText(path(FILES - 1));
    await expect(body).toContainText(`"path": "${path(FILES - 1)}"`);
    await expect(body).toContainText('"offsetAndLengths": [[0, 4]]');
    // The viewer's code was fetched ahead (page idle, or the Run click), never waited for.
    expect(await page.evaluate(() => (window as { __viewerWaited?: boolean }).__viewerWaited)).toBe(
      undefined,
    );
  });

  test('Stop while the rest is still arriving: a clear notice, the partial text goes', async ({
    page,
  }) => {
    const app = new ConsolePage(page);
    await app.open();
    await app.connection.connect({
      baseUrl: instance,
      token: 'sgp_local_stream',
    });
    await app.runQuery(
      '{ search(query: "streamed") { results { results { ... on FileMatch { file { path } } } } } }',
    );
    await firstPartSent;
    const response = app.response;
    const body = app.responseBody;
    await expect(body).toContainText(`"path": "${path(0)}"`);
    await app.stopButton.click();
    await expect(response.getByRole('alert')).toContainText('Stopped');
    await expect(app.runButton).toBeVisible();
    await expect(body).toHaveCount(0);
  });
});
