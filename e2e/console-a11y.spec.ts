import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';

test('the console page has no serious accessibility violations', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.run();
  await expect(app.responseBody).toContainText('alice');
  await app.historyButton.click();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('.app-header')
    .include('.activity-rail')
    .include('.editor-toolbar')
    .include('.bottom-strip')
    .include('.response-column')
    .include('.history-panel')
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
});

test('the Shortcuts dialog is a labelled modal dialog and keyboard-only use works', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.open();
  await app.shortcutsButton.focus();
  await page.keyboard.press('Enter');
  const dialog = app.shortcutsDialog;
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(app.shortcutsButton).toBeFocused();
});
