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
 * Records, in the page's clock, when the query editor's textbox first exists. A string: tsx
 * wraps functions in helpers that do not exist in the page.
 */
const EDITOR_TIMER = `(() => {
  const seen = () => {
    if (window.__editorAt === undefined && document.querySelector('[aria-label="Query editor"]'))
      window.__editorAt = performance.now();
    return window.__editorAt !== undefined;
  };
  const mo = new MutationObserver(() => { if (seen()) mo.disconnect(); });
  document.addEventListener('DOMContentLoaded', () => {
    if (!seen()) mo.observe(document.body, { childList: true, subtree: true });
  });
})()`;

/** Network quiet this long after typing: what the first key asked for has arrived. */
const IDLE_MS = 1000;

/**
 * Scenario 1: what a first visit costs — JS and CSS bytes (gzip -9 of the decoded bytes, the
 * decoded bytes, and what went over the wire), the request count, and how many loaded files are
 * named after analytics (must be 0: that code loads on demand). Two moments, two targets: what
 * was requested before the textbox "Query editor" existed (what the editor needs), and everything
 * once the typing has ended and the network has been quiet for IDLE_MS (the editor's language,
 * the Variables and Headers editors and the panels that the first key asks for have arrived).
 */
export const initialLoad: Scenario = {
  name: 'initial-load',
  title: '1. Initial load until the query editor accepts text',
  metrics: {
    jsCssBeforeEditorKb: {
      label: 'JS+CSS gzip requested before the textbox existed',
      unit: 'kB',
      target: 200,
    },
    jsCssGzipKb: {
      label: "JS+CSS gzip once the first key's chunks have arrived",
      unit: 'kB',
      target: 250,
    },
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
      const inFlight = new Set<string>();
      let lastActivity = Date.now();
      cdp.on('Network.requestWillBeSent', (e) => {
        seen.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other' });
        inFlight.add(e.requestId);
        lastActivity = Date.now();
      });
      cdp.on('Network.loadingFinished', (e) => {
        const req = seen.get(e.requestId);
        if (req) finished.set(e.requestId, { ...req, encoded: e.encodedDataLength });
        inFlight.delete(e.requestId);
        lastActivity = Date.now();
      });
      cdp.on('Network.loadingFailed', (e) => {
        inFlight.delete(e.requestId);
        lastActivity = Date.now();
      });
      await page.addInitScript({ content: EDITOR_TIMER });
      await page.goto(`${server.url}/debug/console`, { waitUntil: 'commit' });
      const typedAt = await typeIntoQueryEditor(page, 'zqxj');
      if (typedAt === null) {
        if (ctx.rep === 0)
          ctx.log('No textbox "Query editor" yet: counting everything loaded until network idle.');
        await page.waitForLoadState('networkidle');
      }
      const quietBy = Date.now() + 30_000;
      while ((inFlight.size > 0 || Date.now() - lastActivity < IDLE_MS) && Date.now() < quietBy)
        await new Promise((r) => setTimeout(r, 100));
      // What the editor needed before it could exist, in the page's clock.
      const beforeEditor = (await page.evaluate(`(() => {
        const at = window.__editorAt;
        if (at === undefined) return undefined;
        return performance.getEntriesByType('resource').filter((e) => e.startTime <= at).map((e) => e.name);
      })()`)) as string[] | undefined;
      const urlsBefore = new Set(beforeEditor);
      const requests = seen.size;
      const loaded = [...finished.entries()];
      let raw = 0;
      let gz = 0;
      let gzBefore = 0;
      let wire = 0;
      const after: string[] = [];
      const before: string[] = [];
      for (const [id, r] of loaded) {
        wire += r.encoded;
        if (r.type !== 'Script' && r.type !== 'Stylesheet') continue;
        const body = await bodyBytes(cdp, id);
        if (!body) continue;
        raw += body.length;
        const size = gzipSync(body, { level: 9 }).length;
        gz += size;
        if (urlsBefore.has(r.url)) {
          gzBefore += size;
          before.push(`${r.url.split('/').pop()} ${(size / 1000).toFixed(2)}`);
        } else after.push(`${r.url.split('/').pop()} ${(size / 1000).toFixed(1)}`);
      }
      if (ctx.rep === 0) {
        ctx.log(`before the textbox (kB gzip): ${before.join(', ')}`);
        ctx.log(`after the textbox (kB gzip): ${after.join(', ')}`);
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
