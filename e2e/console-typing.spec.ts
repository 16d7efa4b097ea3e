import { expect, test, type Page } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { takeReactRenders, watchReactRenders } from './react-renders.ts';

/**
 * The console on the sandbox with Docs open and `{ currentUser { username }}` in the query
 * editor, its cost shown (two fields).
 */
async function openWithTwoFields(page: Page) {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.docs.openSchema();
  const cost = page.getByRole('region', { name: 'Query cost' });
  await app.setEditor('Query editor', '{ currentUser { username ');
  await page.keyboard.type('}}');
  await expect(cost).toContainText(/Fields\s*2 \//);
  return { app, cost };
}

/** Puts the caret in the query's inner selection set, after `username`. */
async function caretInSelectionSet(app: ConsolePage) {
  await app.editor('Query editor').click();
  await app.page.keyboard.press('ControlOrMeta+End');
  for (let i = 0; i < 2; i++) await app.page.keyboard.press('ArrowLeft');
}

// A keystroke in the query editor changes the tab's text, so the page re-renders what follows
// the text (operations, cost, tab title). The connection panel, Docs and the cost limits do not
// follow it and must not re-render with every keystroke: React re-applies an input's `type`
// and `name` whenever it renders it, so such a render shows as attribute writes in the page.
test('typing in the query editor leaves the connection panel, Docs and the cost limits alone', async ({
  page,
}) => {
  const { app, cost } = await openWithTwoFields(page);

  await page.evaluate(() => {
    const w = window as unknown as { __writes: string[] };
    w.__writes = [];
    const roots = [
      document.querySelector('section[aria-label="Connection"]'),
      document.querySelector('aside[aria-label="Docs"], [role="complementary"][aria-label="Docs"]'),
      document.querySelector('.cost-limits'),
    ];
    if (roots.some((r) => !r)) throw new Error('a watched part of the page is missing');
    const mo = new MutationObserver((list) => {
      for (const m of list) {
        const el = m.target instanceof Element ? m.target : m.target.parentElement;
        w.__writes.push(`${m.type} ${m.attributeName ?? ''} ${el?.outerHTML.slice(0, 80) ?? ''}`);
      }
    });
    for (const r of roots)
      mo.observe(r!, { subtree: true, attributes: true, childList: true, characterData: true });
  });
  // Three keystrokes inside the selection set: the cost follows them (three fields), the rest
  // of the page must not.
  await caretInSelectionSet(app);
  await page.keyboard.type(' id');
  await expect(cost).toContainText(/Fields\s*3 \//);
  expect(await page.evaluate(() => (window as unknown as { __writes: string[] }).__writes)).toEqual(
    [],
  );
});

// The page's own component (ConsoleView, the one that renders `div.console`) and its hooks
// (actions, export commands, page shortcuts) do not follow the text, nor do the toolbar (its
// operation picker and the Export group's note follow the operations once typing pauses) and the
// tab bar (its labels change only with an operation name): a keystroke re-renders only the
// editor column, for its cost meter and the Variables editor.
test('a keystroke in the query editor re-renders only what follows its text', async ({ page }) => {
  await watchReactRenders(page);
  const { app, cost } = await openWithTwoFields(page);
  await caretInSelectionSet(app);
  await expect.poll(async () => (await takeReactRenders(page)).length).toBe(0);

  await page.keyboard.type(' id');
  await expect(cost).toContainText(/Fields\s*3 \//);
  const renders = await takeReactRenders(page);
  expect(renders.filter((r) => r.host === 'div.console')).toEqual([]);
  expect(renders.filter((r) => !`${r.path} > ${r.host}`.includes('div.editor-column'))).toEqual([]);
  // Of the editors only Variables follows the query (its variable definitions), not the query
  // editor itself, nor Headers.
  const editors = renders.filter((r) => r.host.startsWith('div.cm-host')).map((r) => r.host);
  expect(editors.filter((h) => h !== 'div.cm-host.variables-editor')).toEqual([]);
});

// What follows the text on its own (tab-labels.ts, use-operations.ts) still follows it.
test('the tab title, the operation picker and the Export note follow what is typed', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.setEditor('Query editor', 'query Mine { currentUser { username } }');
  await expect(app.selectedTab).toHaveText('Mine');
  const picker = page.getByRole('combobox', { name: 'Operation' });
  const note = page.getByText('Several operations: the command names the one picked');
  await expect(picker).toBeHidden();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\nquery Other { currentUser { id } }');
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('option')).toHaveText(['Under the cursor', 'Mine', 'Other']);
  await expect(note).toBeVisible();
  await picker.selectOption('Other');
  await expect(app.selectedTab).toHaveText('Other');
  await app.setEditor('Query editor', '{ currentUser { username } }');
  await expect(picker).toBeHidden();
  await expect(note).toBeHidden();
});
