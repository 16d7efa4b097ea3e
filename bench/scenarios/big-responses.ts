import type { Page } from '@playwright/test';
import {
  armClickTime,
  heapAfterGcMb,
  largestRendererMemory,
  LONGTASK_INIT,
  longestTask,
  readClickTime,
  waitInPage,
  whenTextVisible,
} from '../lib/browser.ts';
import { longestCpuTaskMs, mainThreadTasks, startTrace } from '../lib/cpu-tasks.ts';
import type { SandboxInfo } from '../lib/servers.ts';
import { SkipScenario, type Scenario } from '../lib/types.ts';

/**
 * The sandbox's documented big-response recipe (server/sandbox/instance/README.md): every file
 * mentions `func`, and `count:N` returns N FileMatches: 12,000 ≈ 10 MB, 60,000 ≈ 50 MB of JSON.
 */
const COUNTS = { 10: 12_000, 50: 60_000 } as const;

/** The search that returns `count` FileMatches with their content (also bench/profile-printer.ts). */
export function searchQuery(count: number): string {
  return (
    `{ search(query: "count:${count} func") { results { results { ... on FileMatch { ` +
    `file { path content } lineMatches { preview lineNumber offsetAndLengths } } } } } }`
  );
}

/**
 * Fetches the response from Node (no browser): the time the sandbox alone needs (part of the
 * click-to-visible time, but not the console's doing), its size, and the first file path,
 * which is the text to wait for in the Response region.
 */
async function fromServer(
  info: SandboxInfo,
  query: string,
): Promise<{ ms: number; mb: number; marker: string }> {
  const t0 = performance.now();
  const res = await fetch(`${info.base_url}/.api/graphql`, {
    method: 'POST',
    headers: { Authorization: `token ${info.tokens.user}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  const marker = /"path":"([^"]+)"/.exec(text.slice(0, 10_000))?.[1];
  if (res.status !== 200 || !marker)
    throw new SkipScenario(
      `the sandbox cannot produce big search responses (HTTP ${res.status}: ${text.slice(0, 100).trim()})`,
    );
  return { ms, mb: Buffer.byteLength(text) / 1e6, marker };
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

/**
 * The run has finished and its whole response is in the viewer: the status bar shows the size
 * (set with the result, after the last byte was formatted).
 */
const WHOLE_RESPONSE_IN = `[...document.querySelectorAll('[data-bench-response] dd')].some((d) => / MB$/.test(d.textContent ?? ''))`;

/**
 * Replaces the query, clicks "Run query", and times it until the response's first lines are
 * visible, and until the whole response is in (searchable, scrollable to its end).
 */
async function runAndTime(
  page: Page,
  query: string,
  marker: string,
): Promise<{
  visible: number;
  whole: number;
  task: number;
  cpuTask: number;
  mainCpu: number;
}> {
  const editor = page.getByRole('textbox', { name: 'Query editor' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(query);
  const response = page.getByRole('region', { name: 'Response', exact: true });
  await response.evaluate((el) => el.setAttribute('data-bench-response', ''));
  await armClickTime(page, '__benchClick');
  const shown = whenTextVisible(page, '[data-bench-response]', marker, 120_000);
  shown.catch(() => {});
  const stopTrace = await startTrace(page);
  await page.getByRole('button', { name: 'Run query' }).click();
  const visibleAt = await shown;
  const clickedAt = await readClickTime(page, '__benchClick');
  const wholeAt = await waitInPage(page, WHOLE_RESPONSE_IN, 120_000, true);
  if (typeof wholeAt !== 'number') throw new Error('the run did not finish within 120 s');
  // Let any work that follows the last paint finish before reading long tasks.
  await page.waitForTimeout(500);
  const tasks = mainThreadTasks(await stopTrace());
  return {
    visible: visibleAt - clickedAt,
    whole: wholeAt - clickedAt,
    task: await longestTask(page, clickedAt),
    cpuTask: longestCpuTaskMs(tasks),
    mainCpu: tasks.reduce((sum, t) => sum + (t.tdur ?? 0), 0) / 1000,
  };
}

/**
 * Scenario 5: ~10 MB and ~50 MB JSON responses (sandbox search with `count:N`): time from the
 * click on "Run query" until the response text is visible (the task that put it there has
 * finished), the longest main-thread task meanwhile (as `longtask` entries report it, in wall
 * time, and by the main thread's CPU time from a Chrome trace, which a busy machine does not
 * stretch), the JS heap after GC, and the whole renderer's memory (its process's RSS, workers
 * included, and its peak). The time the
 * sandbox alone needs to produce the same response (fetched from Node) is reported beside it,
 * since it is part of the click-to-visible time but not the console's doing.
 */
export const bigResponses: Scenario = {
  name: 'big-responses',
  title: '5. Big responses (10 MB and 50 MB of JSON)',
  metrics: {
    visible10Ms: { label: '10 MB: first lines visible', unit: 'ms', target: 300 },
    whole10Ms: { label: '10 MB: whole response in', unit: 'ms', target: 1500 },
    task10Ms: { label: '10 MB: longest task', unit: 'ms', target: 50 },
    cpuTask10Ms: { label: '10 MB: longest task, CPU time', unit: 'ms', target: 50 },
    visible50Ms: { label: '50 MB: first lines visible', unit: 'ms', target: 500 },
    whole50Ms: { label: '50 MB: whole response in', unit: 'ms', target: 2500 },
    task50Ms: { label: '50 MB: longest task', unit: 'ms', target: 50 },
    cpuTask50Ms: { label: '50 MB: longest task, CPU time', unit: 'ms', target: 50 },
    heap50Mb: { label: '50 MB: JS heap after GC', unit: 'MB', target: 100 },
    renderer50Mb: { label: '50 MB: whole renderer memory (RSS)', unit: 'MB', target: 600 },
    rendererPeak50Mb: { label: '50 MB: renderer peak (VmHWM)', unit: 'MB' },
    main10CpuMs: { label: '10 MB: main thread CPU', unit: 'ms' },
    main50CpuMs: { label: '50 MB: main thread CPU', unit: 'ms' },
    server10Ms: { label: '10 MB: sandbox alone (to Node)', unit: 'ms' },
    server50Ms: { label: '50 MB: sandbox alone (to Node)', unit: 'ms' },
    size10Mb: { label: '10 MB: actual size', unit: 'MB' },
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
      const query = searchQuery(COUNTS[mb]);
      const floor = await fromServer(info, query);
      out[`server${key}Ms`] = floor.ms;
      out[`size${key}Mb`] = floor.mb;
      const { context, page } = await ctx.freshPage();
      try {
        await prepareConsole(page, server.url, info);
        const t = await runAndTime(page, query, floor.marker);
        out[`visible${key}Ms`] = t.visible;
        out[`whole${key}Ms`] = t.whole;
        out[`task${key}Ms`] = t.task;
        out[`cpuTask${key}Ms`] = t.cpuTask;
        out[`main${key}CpuMs`] = t.mainCpu;
        if (mb === 50) {
          out.heap50Mb = await heapAfterGcMb(await context.newCDPSession(page));
          // After the GC: the whole renderer (main thread, workers, Blink) as the OS sees it.
          const renderer = await largestRendererMemory(await ctx.browser());
          out.renderer50Mb = renderer?.rssMb ?? NaN;
          out.rendererPeak50Mb = renderer?.peakMb ?? NaN;
        }
      } finally {
        await context.close();
      }
    }
    return out;
  },
};
