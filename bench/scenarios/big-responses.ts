import type { Page } from '@playwright/test';
import { heapAfterGcMb, LONGTASK_INIT, longestTask, whenTextVisible } from '../lib/browser.ts';
import type { SandboxInfo } from '../lib/servers.ts';
import { SkipScenario, type Scenario } from '../lib/types.ts';

/** A FileMatch-heavy search; `count:N` makes the sandbox return N results (server/sandbox/instance/search.ts). */
function searchQuery(count: number): string {
  return (
    `{ search(query: "count:${count} func", version: V3) { results { matchCount limitHit ` +
    `results { __typename ... on FileMatch { repository { name } file { path url } ` +
    `lineMatches { preview lineNumber offsetAndLengths } } } } } }`
  );
}

const calibration = new Map<string, number>();

/** Finds the `count:N` that yields about `bytes` of JSON, by measuring a sample directly. */
async function countFor(info: SandboxInfo, bytes: number): Promise<number> {
  let perResult = calibration.get(info.base_url);
  if (perResult === undefined) {
    const sample = 1000;
    const res = await fetch(`${info.base_url}/.api/graphql`, {
      method: 'POST',
      headers: { Authorization: `token ${info.tokens.user}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: searchQuery(sample) }),
    });
    const text = await res.text();
    if (res.status !== 200 || !text.includes('"matchCount"'))
      throw new SkipScenario(
        `the sandbox cannot produce big search responses yet (HTTP ${res.status}: ${text.slice(0, 100).trim()})`,
      );
    perResult = text.length / sample;
    calibration.set(info.base_url, perResult);
  }
  return Math.min(100_000, Math.round(bytes / perResult));
}

/** Time for the sandbox to produce and send the whole response to Node (no browser): the floor. */
async function serverTime(info: SandboxInfo, query: string): Promise<{ ms: number; mb: number }> {
  const t0 = performance.now();
  const res = await fetch(`${info.base_url}/.api/graphql`, {
    method: 'POST',
    headers: { Authorization: `token ${info.tokens.user}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t0, mb: body.byteLength / 1e6 };
}

async function prepareConsole(page: Page, url: string, info: SandboxInfo): Promise<void> {
  await page.addInitScript(LONGTASK_INIT);
  await page.goto(`${url}/debug/console`);
  const editor = page.getByRole('textbox', { name: 'Query editor' });
  const run = page.getByRole('button', { name: 'Run query' });
  try {
    await editor.waitFor({ timeout: 15_000 });
    await run.waitFor({ timeout: 5_000 });
  } catch {
    throw new SkipScenario('the console has no textbox "Query editor" and button "Run query" yet.');
  }
  const instance = page.getByRole('textbox', { name: 'Instance URL' });
  if (await instance.isVisible().catch(() => false)) await instance.fill(info.base_url);
  const token = page.getByRole('textbox', { name: 'Access token' });
  if (await token.isVisible().catch(() => false)) await token.fill(info.tokens.user);
}

/** Replaces the query, clicks "Run query", and times it until the response is visible. */
async function runAndTime(page: Page, query: string): Promise<{ visible: number; task: number }> {
  const editor = page.getByRole('textbox', { name: 'Query editor' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(query);
  const response = page.getByRole('region', { name: 'Response' });
  await response.evaluate((el) => el.setAttribute('data-bench-response', ''));
  await page.evaluate(() => {
    const w = window as unknown as { __benchClick?: number };
    w.__benchClick = undefined;
    document.addEventListener(
      'click',
      () => {
        w.__benchClick ??= performance.now();
      },
      { capture: true, once: true },
    );
  });
  const shown = whenTextVisible(page, '[data-bench-response]', 'matchCount', 120_000);
  shown.catch(() => {});
  await page.getByRole('button', { name: 'Run query' }).click();
  const visibleAt = await shown;
  const clickedAt = await page.evaluate(
    () => (window as unknown as { __benchClick?: number }).__benchClick ?? NaN,
  );
  // Let any work that follows the first paint finish before reading long tasks.
  await page.waitForTimeout(500);
  return { visible: visibleAt - clickedAt, task: await longestTask(page, clickedAt) };
}

/**
 * Scenario 5: ~10 MB and ~50 MB JSON responses (sandbox search with `count:N`): time from the
 * click on "Run query" until the response text is visible (the task that put it there has
 * finished), the longest main-thread task meanwhile, and the JS heap after GC. The time the
 * sandbox alone needs to produce the same response (fetched from Node) is reported beside it,
 * since it is part of the click-to-visible time but not the console's doing.
 */
export const bigResponses: Scenario = {
  name: 'big-responses',
  title: '5. Big responses (10 MB and 50 MB of JSON)',
  metrics: {
    visible10Ms: { label: '10 MB: visible', unit: 'ms', target: 400 },
    task10Ms: { label: '10 MB: longest task', unit: 'ms', target: 100 },
    visible50Ms: { label: '50 MB: visible', unit: 'ms', target: 1500 },
    task50Ms: { label: '50 MB: longest task', unit: 'ms', target: 200 },
    heap50Mb: { label: '50 MB: JS heap after GC', unit: 'MB', target: 150 },
    server10Ms: { label: '10 MB: sandbox alone (to Node)', unit: 'ms' },
    server50Ms: { label: '50 MB: sandbox alone (to Node)', unit: 'ms' },
    size50Mb: { label: '50 MB: actual size', unit: 'MB' },
  },
  async run(ctx) {
    const server = await ctx.server();
    const info = server.sandbox;
    if (!info?.tokens.user) throw new SkipScenario('the sandbox has no demo user token yet.');
    const out: Record<string, number> = {};
    for (const [mb, key] of [
      [10, '10'],
      [50, '50'],
    ] as const) {
      const count = await countFor(info, mb * 1e6);
      const floor = await serverTime(info, searchQuery(count));
      out[`server${key}Ms`] = floor.ms;
      if (mb === 50) out.size50Mb = floor.mb;
      const { context, page } = await ctx.freshPage();
      try {
        await prepareConsole(page, server.url, info);
        const t = await runAndTime(page, searchQuery(count));
        out[`visible${key}Ms`] = t.visible;
        out[`task${key}Ms`] = t.task;
        if (mb === 50) out.heap50Mb = await heapAfterGcMb(await context.newCDPSession(page));
      } finally {
        await context.close();
      }
    }
    return out;
  },
};
