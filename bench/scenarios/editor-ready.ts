import { typeIntoQueryEditor } from '../lib/browser.ts';
import { SkipScenario, type Scenario } from '../lib/types.ts';

/**
 * Scenario 2: cold load (fresh profile) from navigation start until text typed into the
 * query editor is visible. Includes one Playwright round trip to type (a few ms).
 */
export const editorReady: Scenario = {
  name: 'editor-ready',
  title: '2. Cold load to editor ready',
  metrics: {
    typedVisibleMs: { label: 'typed text visible', unit: 'ms', target: 350 },
    domContentLoadedMs: { label: 'DOMContentLoaded', unit: 'ms' },
    loadMs: { label: 'load event', unit: 'ms' },
  },
  async run(ctx) {
    const server = await ctx.server();
    const { context, page } = await ctx.freshPage();
    try {
      await page.goto(`${server.url}/debug/console`, { waitUntil: 'commit' });
      const typedAt = await typeIntoQueryEditor(page, 'zqxj');
      if (typedAt === null)
        throw new SkipScenario(
          'the console has no textbox "Query editor" yet (it is being built); nothing to time.',
        );
      await page.waitForLoadState('load');
      const nav = await page.evaluate(() => {
        const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd };
      });
      return { typedVisibleMs: typedAt, domContentLoadedMs: nav.dcl, loadMs: nav.load };
    } finally {
      await context.close();
    }
  },
};
