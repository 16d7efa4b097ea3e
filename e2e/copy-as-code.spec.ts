import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';

// Copy as code (issue 28): the fetch and Python snippets copied from the "Copy as…" menu run as
// printed (node, python3) against the server's sandbox and print what the console showed; the
// Go program is checked for its shape (no Go toolchain on the test machines).
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'dc-copy-as-code-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const QUERY = `mutation Save($owner: ID!, $text: String!) {
  createSavedSearch(input: { owner: $owner, description: $text, query: "lang:go \\"q\\" \${x}" }) {
    description
    query
  }
}`;
const TEXT = 'it\'s "quoted" `tick` ${x} \\ back\nline ünï 😀';

async function runSnippet(cmd: string, file: string, text: string): Promise<unknown> {
  writeFileSync(join(dir, file), text);
  const { stdout } = await run(cmd, [join(dir, file)], { timeout: 20_000 });
  return JSON.parse(stdout);
}

test('fetch and Python snippets run as printed and print what the console shows; Go is a program', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.setEditor('Query editor', QUERY);
  await app.setEditor('Variables editor', JSON.stringify({ owner: 'VXNlcjox', text: TEXT }));
  await app.run();
  await expect(app.responseBody).toContainText('"createSavedSearch"');
  const shown = JSON.parse(await app.responseText()) as unknown;
  expect(JSON.stringify(shown)).toContain(JSON.stringify(TEXT).slice(1, -1));

  // By default the token is redacted, as for curl.
  await app.copyAs('Copy as Go net/http');
  await expect(app.notice('Copied Go net/http program (token redacted)')).toBeVisible();
  const go = await app.clipboardText();
  expect(go).toMatch(/^\/\/ Save as main\.go and run: go run main\.go\npackage main\n/);
  expect(go).toContain('req.Header.Set("Authorization", "token REDACTED")');
  expect(go).toContain('const query = `mutation Save(');

  await app.copyAs('Include token');
  await app.copyAs('Copy as fetch (JavaScript)');
  await expect(app.notice('Copied fetch snippet (JavaScript) with your token')).toBeVisible();
  expect(await runSnippet(process.execPath, 'request.mjs', await app.clipboardText())).toEqual(
    shown,
  );

  await app.copyAs('Copy as Python requests');
  await expect(app.notice('Copied Python requests script with your token')).toBeVisible();
  expect(await runSnippet('python3', 'request.py', await app.clipboardText())).toEqual(shown);
});

test('the new exports run from the command palette by their labels', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.setEditor('Query editor', '{ currentUser { username } }');
  await app.palette.run('Copy the request as a Python script', 'Copy as Python requests');
  await expect(app.notice('Copied Python requests script (token redacted)')).toBeVisible();
  const py = await app.clipboardText();
  expect(py).toContain('"Authorization": "token REDACTED"');
  expect(py).toContain('query = """{ currentUser { username } }"""');
});
