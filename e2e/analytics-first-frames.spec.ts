import { expect, test } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.ts';

/** What the report's part of the page holds after one DOM change (one commit). */
interface Built {
  head: boolean;
  rows: number;
  chart: boolean;
  summary: boolean;
  compare: boolean;
}

/**
 * A report's page is built in pieces, one per frame, so no single task builds and lays out the
 * whole page (src/features/analytics/analytics-page.tsx): the table's header first, with no rows;
 * once rows are in, the top half of the visible rows, the rest, the rows beyond the edge; then
 * the chart, the summary and the comparison, one at a time. No size is read from the table
 * meanwhile (a forced layout of everything built so far, in the task that built it).
 */
test('a report builds its table and panels a piece per frame', async ({ page }) => {
  // Records, after each DOM change, what is built (a MutationObserver's callback follows each
  // commit of the page).
  await page.addInitScript(() => {
    const built: Built[] = [];
    (window as unknown as { __built: Built[] }).__built = built;
    const has = (selector: string, text: string) =>
      [...document.querySelectorAll(selector)].some((e) => e.textContent?.startsWith(text));
    const snapshot = (): Built => {
      const table = document.querySelector('table[aria-label="Report preview"]');
      return {
        head: !!table?.querySelector('thead'),
        rows: table?.querySelectorAll('tbody tr[aria-rowindex]').length ?? 0,
        chart: has('figcaption', 'Report chart'),
        summary: has('h2', 'Summary'),
        compare: has('legend', 'Compare periods'),
      };
    };
    new MutationObserver(() => {
      const now = snapshot();
      if (JSON.stringify(now) !== JSON.stringify(built.at(-1))) built.push(now);
    }).observe(document, { childList: true, subtree: true });
    // Sizes read from the rows' scroller or anything in it (each read lays out the page).
    const reads: string[] = [];
    (window as unknown as { __reads: string[] }).__reads = reads;
    const watch = (proto: object, name: string) => {
      const own = Object.getOwnPropertyDescriptor(proto, name);
      Object.defineProperty(proto, name, {
        configurable: true,
        get(this: Element) {
          if (this.closest('[aria-label="Report preview rows"]')) reads.push(name);
          return own?.get?.call(this) as unknown;
        },
      });
    };
    for (const name of ['clientHeight', 'clientWidth', 'scrollHeight'])
      watch(Element.prototype, name);
    for (const name of ['offsetHeight', 'offsetWidth']) watch(HTMLElement.prototype, name);
  });

  const analytics = new AnalyticsPage(page);
  const info = await analytics.connectToSandbox();
  await analytics.submitReport({ host: info.instances[0] });
  await expect(analytics.downloadCsv).toBeEnabled();
  await expect(page.getByRole('group', { name: 'Compare periods' })).toBeVisible();

  expect(
    await page.evaluate(() => (window as unknown as { __reads: string[] }).__reads),
    'the table learns its sizes from a ResizeObserver, never by reading them',
  ).toEqual([]);
  // The rows' viewport: the scroller below the sticky header, 28 px a row.
  const visible = await analytics.rowsScroller.evaluate((el) => {
    const head = el.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    return Math.ceil((el.clientHeight - head) / 28);
  });
  const built = await page.evaluate(() => (window as unknown as { __built: Built[] }).__built);
  const first = (key: keyof Built) => built.find((b) => !!b[key]);

  expect(first('head'), 'the header comes alone').toEqual({
    head: true,
    rows: 0,
    chart: false,
    summary: false,
    compare: false,
  });
  const rows = first('rows');
  expect(rows?.rows, 'the first rows: the top half of the visible ones').toBeLessThanOrEqual(
    Math.ceil(visible / 2),
  );
  expect(rows?.chart).toBe(false);
  expect(first('chart')?.summary, 'the chart before the summary').toBe(false);
  expect(first('summary')?.compare, 'the summary before the comparison').toBe(false);
  // In the end every visible row is drawn, with those beyond the edge.
  expect(built.at(-1)?.rows).toBeGreaterThan(visible);
  await expect(analytics.row(2).getByRole('rowheader')).toHaveText('1');
});
