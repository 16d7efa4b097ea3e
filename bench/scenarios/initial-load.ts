import { gzipSync } from 'node:zlib';
import type { CDPSession } from '@playwright/test';
import { typeIntoQueryEditor } from '../lib/browser.ts';
import type { Scenario } from '../lib/types.ts';

interface Loaded {
  url: string;
  type: string;
  encoded: number;
}

async function bodyBytes(cdp: CDPSession, requestId: string): Promise<Buffer | null> {
  try {
    const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
    return Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
  } catch {
    return null;
  }
}

/**
 * Scenario 1: what a first visit costs until the query editor accepts text — JS and CSS bytes
 * (decoded, gzip -9 of the decoded bytes, and what went over the wire), the request count, and
 * how many loaded files are named after analytics (must be 0: that code loads on demand).
 */
export const initialLoad: Scenario = {
  name: 'initial-load',
  title: '1. Initial load until the query editor accepts text',
  metrics: {
    jsCssGzipKb: { label: 'JS+CSS gzip', unit: 'kB', target: 250 },
    jsCssBeforeEditorKb: { label: 'JS+CSS gzip requested before the textbox existed', unit: 'kB' },
    jsCssRawKb: { label: 'JS+CSS decoded', unit: 'kB' },
    wireKb: { label: 'all bytes on the wire', unit: 'kB' },
    requests: { label: 'requests', unit: 'count' },
    analyticsFiles: { label: 'files named *analytics*', unit: 'count', target: 0 },
  },
  async run(ctx) {
    const server = await ctx.server();
    const { context, page } = await ctx.freshPage();
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const seen = new Map<string, { url: string; type: string }>();
      const finished = new Map<string, Loaded>();
      cdp.on('Network.requestWillBeSent', (e) =>
        seen.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other' }),
      );
      cdp.on('Network.loadingFinished', (e) => {
        const req = seen.get(e.requestId);
        if (req) finished.set(e.requestId, { ...req, encoded: e.encodedDataLength });
      });
      await page.goto(`${server.url}/debug/console`, { waitUntil: 'commit' });
      // What the editor needed before it could exist (what loads after its first paint, while
      // Playwright types, is counted in the first row only).
      const beforeEditor = await page
        .locator('[aria-label="Query editor"]')
        .waitFor({ state: 'attached', timeout: 15_000 })
        .then(
          () => new Set(seen.keys()),
          () => undefined,
        );
      const typedAt = await typeIntoQueryEditor(page, 'zqxj');
      if (typedAt === null) {
        if (ctx.rep === 0)
          ctx.log('No textbox "Query editor" yet: counting everything loaded until network idle.');
        await page.waitForLoadState('networkidle');
      }
      const requests = seen.size;
      const loaded = [...finished.entries()];
      let raw = 0;
      let gz = 0;
      let gzBefore = 0;
      let wire = 0;
      for (const [id, r] of loaded) {
        wire += r.encoded;
        if (r.type !== 'Script' && r.type !== 'Stylesheet') continue;
        const body = await bodyBytes(cdp, id);
        if (!body) continue;
        raw += body.length;
        const size = gzipSync(body, { level: 9 }).length;
        gz += size;
        if (beforeEditor?.has(id)) gzBefore += size;
      }
      const analyticsFiles = [...seen.values()].filter((r) =>
        /analytics/i.test(new URL(r.url).pathname.split('/').pop() ?? ''),
      ).length;
      return {
        jsCssGzipKb: gz / 1000,
        jsCssBeforeEditorKb: beforeEditor ? gzBefore / 1000 : NaN,
        jsCssRawKb: raw / 1000,
        wireKb: wire / 1000,
        requests,
        analyticsFiles,
      };
    } finally {
      await context.close();
    }
  },
};
