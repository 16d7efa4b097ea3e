import type { Page } from '@playwright/test';
import {
  armClickTime,
  LONGTASK_INIT,
  longestTask,
  readClickTime,
  waitInPage,
  whenTextVisible,
} from '../lib/browser.ts';
import { longestCpuTaskMs, mainThreadTasks, startTrace } from '../lib/cpu-tasks.ts';
import { heapAfterGcMb, largestRendererMemory } from '../lib/memory.ts';
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

let asked = 0;

/**
 * The same search as `searchQuery(count)`, with a query text the sandbox has not seen before: the
 * words are separated by more spaces each time (the search reads the same words; the sandbox keys
 * its cache of lists already sent by the text, server/sandbox/instance/fast-results.ts), so the
 * sandbox generates and serializes the list again, as for a search nobody ran before.
 */
function coldQuery(count: number): string {
  asked++;
  return searchQuery(count).replace(' func"', `${' '.repeat(asked + 1)}func"`);
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
 * Scenario 5: ~10 MB and ~50 MB JSON responses (sandbox search with `count:N`), each size twice:
 * cold (a query text the sandbox never answered, so it generates and serializes the list) and
 * warm (the same text again: the sandbox sends the bytes it kept). Each page is a first visit
 * (its own browser). Times run from the click on "Run query" until the response's first lines
 * are visible (the task that put them there has finished) and until the whole response is in.
 * From the cold run: the longest main-thread task (`longtask` entries, which list only tasks of
 * 50 ms or more, and by CPU time from a Chrome trace, which a busy machine does not stretch), the
 * main thread's CPU, and after 50 MB the JS heap after GC and the whole renderer's memory (RSS,
 * workers included, and its peak). Beside them the time the sandbox alone takes to send the
 * same bytes to Node, cold and warm: part of the click-to-visible time, not the console's doing.
 */
export const bigResponses: Scenario = {
  name: 'big-responses',
  title: '5. Big responses (10 MB and 50 MB of JSON, sandbox cold and warm)',
  metrics: {
    visible10Ms: { label: '10 MB cold: first lines visible', unit: 'ms', target: 300 },
    whole10Ms: { label: '10 MB cold: whole response in', unit: 'ms', target: 1500 },
    warmVisible10Ms: { label: '10 MB warm: first lines visible', unit: 'ms', target: 300 },
    warmWhole10Ms: { label: '10 MB warm: whole response in', unit: 'ms', target: 1500 },
    task10Ms: { label: '10 MB cold: longest task (Long Tasks API)', unit: 'ms', floor: 50 },
    cpuTask10Ms: { label: '10 MB cold: longest task, CPU time', unit: 'ms', target: 50 },
    visible50Ms: { label: '50 MB cold: first lines visible', unit: 'ms', target: 500 },
    whole50Ms: { label: '50 MB cold: whole response in', unit: 'ms', target: 2500 },
    warmVisible50Ms: { label: '50 MB warm: first lines visible', unit: 'ms', target: 500 },
    warmWhole50Ms: { label: '50 MB warm: whole response in', unit: 'ms', target: 2500 },
    task50Ms: { label: '50 MB cold: longest task (Long Tasks API)', unit: 'ms', floor: 50 },
    cpuTask50Ms: { label: '50 MB cold: longest task, CPU time', unit: 'ms', target: 50 },
    heap50Mb: { label: '50 MB: JS heap after GC', unit: 'MB', target: 100 },
    renderer50Mb: { label: '50 MB: whole renderer memory (RSS)', unit: 'MB', target: 600 },
    rendererPeak50Mb: { label: '50 MB: renderer peak (VmHWM)', unit: 'MB' },
    main10CpuMs: { label: '10 MB cold: main thread CPU', unit: 'ms' },
    main50CpuMs: { label: '50 MB cold: main thread CPU', unit: 'ms' },
    server10Ms: { label: '10 MB: sandbox alone, cold (to Node)', unit: 'ms' },
    warmServer10Ms: { label: '10 MB: sandbox alone, warm (to Node)', unit: 'ms' },
    server50Ms: { label: '50 MB: sandbox alone, cold (to Node)', unit: 'ms' },
    warmServer50Ms: { label: '50 MB: sandbox alone, warm (to Node)', unit: 'ms' },
    size10Mb: { label: '10 MB: actual size', unit: 'MB' },
    size50Mb: { label: '50 MB: actual size', unit: 'MB' },
  },
  async run(ctx) {
    const server = await ctx.server();
    const info = server.sandbox;
    if (!info?.tokens.user) throw new SkipScenario('the sandbox has no demo user token yet.');
    const out: Record<string, number> = {};
    for (const key of ['10', '50'] as const) {
      const count = COUNTS[key];
      const nodeQuery = coldQuery(count);
      const cold = await fromServer(info, nodeQuery);
      const warm = await fromServer(info, nodeQuery);
      out[`server${key}Ms`] = cold.ms;
      out[`warmServer${key}Ms`] = warm.ms;
      out[`size${key}Mb`] = cold.mb;
      // A text Node did not ask: the browser's first run is cold too, its second warm.
      const query = coldQuery(count);
      for (const run of ['cold', 'warm'] as const) {
        const { context, page } = await ctx.freshPage();
        try {
          await prepareConsole(page, server.url, info);
          const t = await runAndTime(page, query, cold.marker);
          if (run === 'warm') {
            out[`warmVisible${key}Ms`] = t.visible;
            out[`warmWhole${key}Ms`] = t.whole;
            continue;
          }
          out[`visible${key}Ms`] = t.visible;
          out[`whole${key}Ms`] = t.whole;
          out[`task${key}Ms`] = t.task;
          out[`cpuTask${key}Ms`] = t.cpuTask;
          out[`main${key}CpuMs`] = t.mainCpu;
          if (key === '50') {
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
    }
    return out;
  },
};
