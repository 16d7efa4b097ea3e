import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

// Issue 7, "Accessible": axe-core on the console, with Docs open, and on the analytics tab with
// a loaded report; and the main flows with the keyboard alone (no mouse at all).

interface Info {
  base_url: string;
  instances: [string, ...string[]];
}

async function seriousViolations(page: Page, scope?: string) {
  let builder = new AxeBuilder({ page });
  if (scope) builder = builder.include(scope);
  const { violations } = await builder.analyze();
  return (
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      // CodeMirror's scroller holds a contenteditable textbox that Tab reaches (the keyboard test
      // proves it); axe does not count contenteditable as focusable content, so this one rule is
      // waived for `.cm-scroller` only.
      .map((v) =>
        v.id === 'scrollable-region-focusable'
          ? { ...v, nodes: v.nodes.filter((n) => !n.html.includes('class="cm-scroller"')) }
          : v,
      )
      .filter((v) => v.nodes.length > 0)
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} — ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 5)
            .join(' | ')}`,
      )
  );
}

test('axe finds no serious or critical violation on the console after a run, and with Docs open', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/debug/console');
  await page.getByRole('button', { name: 'Use sandbox' }).click();
  await expect(page.getByText('Signed in as alice')).toBeVisible();
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Response', exact: true })
      .getByRole('textbox', { name: 'Response body' }),
  ).toContainText('"data"');
  expect(await seriousViolations(page), 'console').toEqual([]);

  await page.getByRole('button', { name: 'Docs', exact: true }).click();
  const docs = page.getByRole('complementary', { name: 'Docs' });
  await expect(docs.getByRole('region', { name: 'Root types' })).toBeVisible();
  expect(await seriousViolations(page), 'console with Docs').toEqual([]);
  await docs.getByRole('searchbox', { name: 'Search schema' }).fill('User');
  await docs.getByRole('option').first().click();
  await expect(docs.getByRole('article').first()).toBeVisible();
  expect(await seriousViolations(page), 'Docs on a type').toEqual([]);
});

test('axe finds no serious or critical violation on the analytics tab with a loaded report and credits', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const info = (await (await page.request.get('/sandbox.json')).json()) as Info;
  await page.goto('/analytics');
  expect(await seriousViolations(page), 'analytics, empty').toEqual([]);
  await page.getByRole('button', { name: 'Use sandbox' }).click();
  await expect(page.getByText('Connected to the sandbox analytics service.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Instance host' }).fill(info.instances[0]);
  await page.getByRole('button', { name: 'Load report' }).click();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  await expect(page.getByRole('table', { name: 'Report preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Load credits' }).click();
  await expect(page.getByRole('figure', { name: 'Credit consumption' })).toBeVisible();
  expect(await seriousViolations(page), 'analytics with a report and credits').toEqual([]);
});

/** Presses Tab until `target` has focus (at most `max` times); fails with what had focus. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    if (
      await target
        .evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
        .catch(() => false)
    )
      return;
    await page.keyboard.press('Tab');
    seen.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el
          ? `${el.tagName.toLowerCase()}[${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 20) ?? ''}]`
          : 'none';
      }),
    );
  }
  throw new Error(`Tab never reached the target; focus went: ${seen.join(' → ')}`);
}

test('the main flows work with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  const info = (await (await page.request.get('/sandbox.json')).json()) as Info;
  await page.goto('/debug/console');
  const kb = page.keyboard;

  // Connect.
  await tabTo(page, page.getByRole('button', { name: 'Use sandbox' }));
  await kb.press('Enter');
  await expect(page.getByText('Signed in as alice')).toBeVisible();

  // Write: into the query editor, replace everything, type a query.
  await tabTo(page, page.getByRole('textbox', { name: 'Query editor' }));
  await kb.press('ControlOrMeta+a');
  await kb.type('query Me { currentUser { username } }');
  await expect(page.getByRole('textbox', { name: 'Query editor' })).toContainText('query Me');

  // Run with the shortcut, then also with the button reached by Tab (leave the editor with Escape).
  await kb.press('ControlOrMeta+Enter');
  const body = page
    .getByRole('region', { name: 'Response', exact: true })
    .getByRole('textbox', { name: 'Response body' });
  await expect(body).toContainText('"alice"');
  await kb.press('Escape');
  await tabTo(page, page.getByRole('button', { name: 'Run query' }));
  await kb.press('Enter');
  await expect(body).toContainText('"alice"');

  // Read: the response body is reachable and selectable by keyboard.
  await tabTo(page, body);
  await kb.press('ControlOrMeta+a');
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toContain('alice');

  // Browse Docs: open, search, pick a result with the arrows and Enter.
  await page.keyboard.press('Escape');
  await tabTo(page, page.getByRole('button', { name: 'Docs', exact: true }));
  await kb.press('Enter');
  const docs = page.getByRole('complementary', { name: 'Docs' });
  await expect(docs).toBeVisible();
  await tabTo(page, docs.getByRole('searchbox', { name: 'Search schema' }));
  await kb.type('User');
  await expect(docs.getByRole('option').first()).toBeVisible();
  await kb.press('ArrowDown');
  await kb.press('Enter');
  await expect(docs.getByRole('article').first()).toBeVisible();

  // Load a report: to the Analytics tab, Use sandbox, host, Load report.
  await tabTo(page, page.getByRole('link', { name: 'Analytics' }));
  await kb.press('Enter');
  await expect(page.getByRole('button', { name: 'Load report' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Use sandbox' }));
  await kb.press('Space');
  await expect(page.getByText('Connected to the sandbox analytics service.')).toBeVisible();
  await tabTo(page, page.getByRole('textbox', { name: 'Instance host' }));
  await kb.press('ControlOrMeta+a');
  await kb.type(info.instances[0]);
  await tabTo(page, page.getByRole('button', { name: 'Load report' }));
  await kb.press('Enter');
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  const table = page.getByRole('table', { name: 'Report preview' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
});
