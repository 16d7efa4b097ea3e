import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';

// A keystroke in the query editor changes the tab's text, so the page re-renders what follows
// the text (operations, cost, tab title). The connection panel, Docs and the cost limits do not
// follow it and must not re-render with every keystroke: React re-applies an input's `type`
// and `name` whenever it renders it, so such a render shows as attribute writes in the page.
test('typing in the query editor leaves the connection panel, Docs and the cost limits alone', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.docs.openSchema();
  const cost = page.getByRole('region', { name: 'Query cost' });
  await app.setEditor('Query editor', '{ currentUser { username ');
  await page.keyboard.type('}}');
  await expect(cost).toContainText(/Fields\s*2 \//);

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
  await app.editor('Query editor').click();
  await page.keyboard.press('ControlOrMeta+End');
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' id');
  await expect(cost).toContainText(/Fields\s*3 \//);
  expect(await page.evaluate(() => (window as unknown as { __writes: string[] }).__writes)).toEqual(
    [],
  );
});
