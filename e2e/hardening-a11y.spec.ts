import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.ts';
import { ConsolePage } from './pages/console-page.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';

// Issue 7, "Accessible": axe-core on the console, with Docs open, and on the analytics tab with
// a loaded report; and the main flows with the keyboard alone (no mouse at all).

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
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.run();
  await expect(app.responseBody).toContainText('"data"');
  expect(await seriousViolations(page), 'console').toEqual([]);

  await app.docs.openSchema();
  expect(await seriousViolations(page), 'console with Docs').toEqual([]);
  await app.docs.openFirstResult('User');
  expect(await seriousViolations(page), 'Docs on a type').toEqual([]);
});

test('axe finds no serious or critical violation on the analytics tab with a loaded report and credits', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const info = await sandboxInfo(page.request);
  const analytics = new AnalyticsPage(page);
  await analytics.open();
  expect(await seriousViolations(page), 'analytics, empty').toEqual([]);
  await analytics.useSandboxButton.click();
  await expect(analytics.connectedToSandbox).toBeVisible();
  await analytics.instanceHost.fill(info.instances[0]);
  await analytics.loadReportButton.click();
  await expect(analytics.downloadCsv).toBeEnabled();
  await expect(analytics.table).toBeVisible();
  await analytics.loadCreditsButton.click();
  await expect(analytics.creditsChart).toBeVisible();
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
  const info = await sandboxInfo(page.request);
  const app = new ConsolePage(page);
  await app.open();
  const kb = page.keyboard;

  // Connect.
  await tabTo(page, app.connection.useSandboxButton);
  await kb.press('Enter');
  await app.connection.expectSignedInAs('alice');

  // Write: into the query editor, replace everything, type a query.
  await tabTo(page, app.editor('Query editor'));
  await kb.press('ControlOrMeta+a');
  await kb.type('query Me { currentUser { username } }');
  await expect(app.editor('Query editor')).toContainText('query Me');

  // Run with the shortcut, then also with the button reached by Tab (leave the editor with Escape).
  await kb.press('ControlOrMeta+Enter');
  const body = app.responseBody;
  await expect(body).toContainText('"alice"');
  await kb.press('Escape');
  await tabTo(page, app.runButton);
  await kb.press('Enter');
  await expect(body).toContainText('"alice"');

  // Read: the response body is reachable and selectable by keyboard.
  await tabTo(page, body);
  await kb.press('ControlOrMeta+a');
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toContain('alice');

  // Browse Docs: open, search, pick a result with the arrows and Enter.
  await page.keyboard.press('Escape');
  const docs = app.docs;
  await tabTo(page, docs.toggle);
  await kb.press('Enter');
  await expect(docs.root).toBeVisible();
  await tabTo(page, docs.search);
  await kb.type('User');
  await expect(docs.options.first()).toBeVisible();
  await kb.press('ArrowDown');
  await kb.press('Enter');
  await expect(docs.article).toBeVisible();

  // Load a report: to the Analytics tab, Use sandbox, host, Load report.
  const analytics = new AnalyticsPage(page);
  await tabTo(page, analytics.navLink);
  await kb.press('Enter');
  await expect(analytics.loadReportButton).toBeVisible();
  // The console's "Use sandbox" filled the analytics service too: its form is folded into the
  // bar's button, which opens it.
  await tabTo(page, analytics.serviceButton);
  await kb.press('Enter');
  await tabTo(page, analytics.useSandboxButton);
  await kb.press('Space');
  await expect(analytics.connectedToSandbox).toBeVisible();
  await tabTo(page, analytics.instanceHost);
  await kb.press('ControlOrMeta+a');
  await kb.type(info.instances[0]);
  await tabTo(page, analytics.loadReportButton);
  await kb.press('Enter');
  await expect(analytics.downloadCsv).toBeEnabled();
  await expect(analytics.table.getByRole('row').nth(1)).toBeVisible();
});
