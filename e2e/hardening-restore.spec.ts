import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';

// Issue 7, "Nothing lost": the browser goes away right after typing (a simulated crash:
// the context is closed at once, no reload, no waiting beyond the app's debounce), then the
// same profile is opened again: every tab's text is back.

async function openProfile(dir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(dir, {
    executablePath: await findChromium(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

async function typeInto(page: Page, name: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

async function editorText(page: Page, name: string): Promise<string> {
  return page
    .getByRole('textbox', { name })
    .evaluate((el) =>
      [...el.querySelectorAll('.cm-line')].map((l) => l.textContent ?? '').join('\n'),
    );
}

/**
 * A crash runs no pagehide handler (a closed context does not either), so what is saved is what
 * the debounces wrote: the editor reports text 300 ms after the last key and the store writes
 * 300 ms after that at the latest. 1 s = those 600 ms plus margin for a loaded machine.
 */
const APP_DEBOUNCE_MS = 1000;

for (const waitMs of [APP_DEBOUNCE_MS]) {
  test(`every console tab's text is back after the browser closes ${waitMs} ms after typing`, async ({
    baseURL,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'hardening-profile-'));
    try {
      const first = await openProfile(dir);
      const page = first.pages()[0] ?? (await first.newPage());
      await page.goto(`${baseURL}/debug/console`);
      await typeInto(
        page,
        'Query editor',
        'query One { currentUser { username } } # typed in tab 1',
      );
      await page.getByRole('button', { name: 'New tab' }).click();
      await expect(page.getByRole('tab')).toHaveCount(2);
      await typeInto(page, 'Query editor', 'query Two { site { id } } # typed in tab 2');
      await typeInto(page, 'Variables editor', '{"two": 2}');
      // Back to the query editor, one more keystroke, and the browser is gone.
      await page.getByRole('textbox', { name: 'Query editor' }).press('End');
      await page.keyboard.insertText('!');
      if (waitMs) await page.waitForTimeout(waitMs);
      await first.close();

      const second = await openProfile(dir);
      try {
        const again = second.pages()[0] ?? (await second.newPage());
        await again.goto(`${baseURL}/debug/console`);
        await expect(again.getByRole('tab')).toHaveCount(2);
        await expect(again.getByRole('tab', { selected: true })).toHaveText('Two');
        expect(await editorText(again, 'Query editor')).toBe(
          'query Two { site { id } } # typed in tab 2!',
        );
        expect(await editorText(again, 'Variables editor')).toBe('{"two": 2}');
        await again.getByRole('tab', { name: 'One' }).click();
        expect(await editorText(again, 'Query editor')).toBe(
          'query One { currentUser { username } } # typed in tab 1',
        );
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a crash inside the Docs panel leaves the editor and the response working, and keeps the text', async ({
  page,
}) => {
  // A broken server: its introspection gives a description that is a number, not a string.
  const intro = introspectionFromSchema(
    buildSchema('type Query { """ok""" currentUser: User }  type User { username: String }'),
  ) as unknown as { __schema: { types: { name: string; description: unknown }[] } };
  intro.__schema.types.find((t) => t.name === 'Query')!.description = 42;
  const upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(
          body.includes('__schema')
            ? { data: intro }
            : { data: { currentUser: { username: 'crash-test-user' } } },
        ),
      );
    });
  });
  await new Promise<void>((ok) => upstream.listen(4537, '127.0.0.1', ok));
  try {
    await page.goto('/debug/console');
    await page.getByRole('textbox', { name: 'Instance URL' }).fill('http://127.0.0.1:4537');
    await page.getByRole('textbox', { name: 'Access token' }).fill('sgp_crash_test');
    await page.getByRole('button', { name: 'Connect' }).click();
    await typeInto(page, 'Query editor', 'query Kept { currentUser { username } }');
    await page.getByRole('button', { name: 'Docs', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The Docs panel hit an error' }),
    ).toBeVisible();
    // The other panels go on working, with the user's text.
    expect(await editorText(page, 'Query editor')).toBe('query Kept { currentUser { username } }');
    await page.getByRole('button', { name: 'Run query' }).click();
    await expect(
      page
        .getByRole('region', { name: 'Response', exact: true })
        .getByRole('textbox', { name: 'Response body' }),
    ).toContainText('crash-test-user');
    await typeInto(page, 'Query editor', 'query KeptAfterCrash { currentUser { username } }');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Query editor' })).toContainText(
      'KeptAfterCrash',
    );
  } finally {
    await new Promise((ok) => upstream.close(ok));
  }
});
