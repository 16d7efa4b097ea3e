import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { startExtraServer } from './server.ts';

// A long completion list renders a window of its options around the selected one (so the list
// is drawn in the keystroke's frame on a big schema), and every option stays reachable from the
// keyboard. Extra server: 5830 (+5831, +5832 for its sandbox).

const FIELDS = Array.from({ length: 60 }, (_, i) => `wide${String(i).padStart(2, '0')}`);

test('a long completion list renders a window of options, and the keys reach every one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'completion-window-'));
  const file = join(dir, 'schema.graphql');
  writeFileSync(
    file,
    `type Query { wide: Wide }\ntype Wide {\n${FIELDS.map((f) => `  ${f}: Int`).join('\n')}\n}\n`,
  );
  const server = await startExtraServer(5830, { SANDBOX_SCHEMA: file });
  try {
    const app = new ConsolePage(page);
    await app.open(`${server.url}/debug/console`);
    await app.connection.useSandboxButton.click();
    await app.docs.openSchema();
    await expect(app.docs.link('wide')).toBeVisible();

    await app.setEditor('Query editor', '{ wide { ');
    await page.keyboard.type('w');
    const options = app.completions.getByRole('option');
    await expect(options.first()).toBeVisible();
    const rendered = await options.allTextContents();
    // All 60 fields match "w"; fewer are in the page.
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(FIELDS.length);

    // Up from the first option wraps to the last one, which was not rendered before.
    await page.keyboard.press('ArrowUp');
    const selected = app.completions.locator('[role="option"][aria-selected="true"]');
    await expect(selected).toBeVisible();
    const last = (await selected.textContent()) ?? '';
    const name = /wide\d\d/.exec(last)?.[0] ?? '';
    expect(FIELDS).toContain(name);
    expect(rendered.some((r) => r.includes(name))).toBe(false);
    await selected.click();
    await expect.poll(() => app.editorText('Query editor')).toBe(`{ wide { ${name}`);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
