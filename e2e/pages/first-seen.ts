import type { Page } from '@playwright/test';

type Seen = { __firstSeen?: Record<string, number> };

/**
 * Records, in the page's own clock (`performance.now()`), when an element matching `selector`
 * is first in the document: a MutationObserver from the page's first script on, so the moment
 * is the DOM's and not Playwright's polling. Call before navigating; read with `firstSeenAt`.
 */
export async function recordFirstSeen(page: Page, selector: string): Promise<void> {
  await page.addInitScript((sel) => {
    const seen = ((window as Seen).__firstSeen ??= {});
    const check = () => {
      if (seen[sel] === undefined && document.querySelector(sel)) seen[sel] = performance.now();
      return seen[sel] !== undefined;
    };
    const mo = new MutationObserver(() => {
      if (check()) mo.disconnect();
    });
    mo.observe(document, { subtree: true, childList: true });
  }, selector);
}

/** When `recordFirstSeen`'s element first existed (ms in the page's clock); NaN while not yet. */
export function firstSeenAt(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => (window as Seen).__firstSeen?.[sel] ?? NaN, selector);
}
