import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('the console page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/debug/console');
  await page.getByRole('button', { name: 'Use sandbox' }).click();
  await expect(page.getByText('Signed in as alice')).toBeVisible();
  await page.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByRole('textbox', { name: 'Response body' })).toContainText('alice');
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .include('.connection-panel')
    .include('.toolbar')
    .include('.tabs-bar')
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
  await page.goto('/debug/console');
  await page.getByRole('button', { name: 'Shortcuts' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Shortcuts' })).toBeFocused();
});
