import type { Page } from '@playwright/test';
import { LONGTASK_INIT, longestTask, whenTextVisible } from '../lib/browser.ts';
import { longestCpuTaskMs, mainThreadTasks, startTrace } from '../lib/cpu-tasks.ts';
import {
  heapAfterGcMb,
  largestRendererMemory,
  sampleMemory,
  workerHeapsAfterGcMb,
} from '../lib/memory.ts';
import { nodeRun, REPORT_PATH, scanRun, SORT_COLUMN } from '../lib/report-node.ts';
import type { SandboxInfo } from '../lib/servers.ts';
import { SkipScenario, type BenchContext, type Scenario } from '../lib/types.ts';

/** Rows of the report (SANDBOX_REPORT_SCALE); BENCH_REPORT_ROWS overrides it for a quick try. */
const SCALE = Number(process.env.BENCH_REPORT_ROWS) || 1_000_000;
/**
 * In-page watchers (a string: tsx would wrap inner functions in a `__name` helper the page lacks):
 * the click on "Load report", the first data row in table "Report preview", and the moment its
 * aria-rowcount says every row is there.
 */
const WATCH_SRC = `({ rows, timeoutMs }) => {
  const w = window;
  w.__bench = { click: NaN, first: NaN, all: NaN };
  document.addEventListener('click', () => { if (Number.isNaN(w.__bench.click)) w.__bench.click = performance.now(); }, { capture: true, once: true });
  const table = () => document.querySelector('table[aria-label="Report preview"]');
  const hasRow = () => [...(table()?.querySelectorAll('tbody td') ?? [])].some((td) => td.textContent);
  const complete = () => table()?.getAttribute('aria-rowcount') === String(rows + 1);
  const stamp = () => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0)));
  w.__benchAll = new Promise((resolve, reject) => {
    const check = async () => {
      if (Number.isNaN(w.__bench.first) && hasRow()) { w.__bench.first = -1; w.__bench.first = await stamp(); }
      if (Number.isNaN(w.__bench.all) && complete()) {
        w.__bench.all = -1;
        mo.disconnect();
        clearTimeout(timer);
        w.__bench.all = await stamp();
        resolve(w.__bench);
      }
    };
    const mo = new MutationObserver(() => void check());
    mo.observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-rowcount'] });
    const timer = setTimeout(() => { mo.disconnect(); reject(new Error('not all ' + rows + ' rows within ' + timeoutMs + ' ms (aria-rowcount ' + table()?.getAttribute('aria-rowcount') + ')')); }, timeoutMs);
  });
}`;

/** Waits until the first body row's row number is `rowNumber`; resolves with that time. */
const FIRST_ROW_SRC = `({ rowNumber, timeoutMs }) => new Promise((resolve, reject) => {
  const ok = () => document.querySelector('table[aria-label="Report preview"] tbody tr[aria-rowindex="2"] th')?.textContent === String(rowNumber);
  const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
  if (ok()) return done();
  const mo = new MutationObserver(() => { if (ok()) { mo.disconnect(); clearTimeout(timer); done(); } });
  mo.observe(document, { subtree: true, childList: true, characterData: true });
  const timer = setTimeout(() => { mo.disconnect(); reject(new Error('row ' + rowNumber + ' did not come first')); }, timeoutMs);
})`;

/**
 * Resolves with the time the last of `rows` rows of the view is shown in table "Report
 * preview" with its cells (its row number is its place in the file, whatever the sort).
 */
const LAST_ROW_SRC = `({ rows, timeoutMs }) => new Promise((resolve, reject) => {
  const ok = () => /^\\d+$/.test(document.querySelector('table[aria-label="Report preview"] tbody tr[aria-rowindex="' + (rows + 1) + '"] th')?.textContent ?? '');
  const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
  if (ok()) return done();
  const mo = new MutationObserver(() => { if (ok()) { mo.disconnect(); clearTimeout(timer); done(); } });
  mo.observe(document, { subtree: true, childList: true, characterData: true });
  const timer = setTimeout(() => { mo.disconnect(); reject(new Error('row ' + rows + ' was not shown')); }, timeoutMs);
})`;

/** The header row of table "Summary". */
const SUMMARY_HEAD = 'table[aria-label="Summary"] thead';

async function connect(page: Page, url: string, info: SandboxInfo, host: string): Promise<void> {
  await page.goto(`${url}/analytics`);
  const load = page.getByRole('button', { name: 'Load report' });
  try {
    await load.waitFor({ timeout: 20_000 });
  } catch {
    throw new SkipScenario('the Analytics tab has no button "Load report" yet.');
  }
  await page.getByLabel('Analytics URL').fill(info.analytics_url);
  await page.getByLabel('Analytics token', { exact: true }).fill(info.tokens.analytics);
  await page.getByLabel('Instance host').fill(host);
}

/** Rows of the enterprise-scale report (issue 13, target 5); BENCH_BIG_REPORT_ROWS=0 skips it. */
const BIG_SCALE = Number(process.env.BENCH_BIG_REPORT_ROWS ?? 5_000_000);

interface PageRun {
  firstByteMs: number;
  firstRowsMs: number;
  clickFirstRowsMs: number;
  allRowsMs: number;
  longestTaskMs: number;
  /** The longest main-thread task by CPU time (a Chrome trace): what load does not stretch. */
  cpuTaskMs: number;
  pageHeapMb: number;
  workerHeapMb: number;
  /** The page's renderer at its peak (VmHWM: main thread, workers, Blink), MB. */
  rendererPeakMb: number;
  /** The whole browser at its peak (private memory of all its processes, sampled): Blob bytes included, MB. */
  browserPeakMb: number;
  sortMs: number;
}

/**
 * Loads the report in a fresh page through the relay, measures it, then sorts by SORT_COLUMN
 * descending (two clicks on its header, until row `maxRow` comes first; includes the table's
 * 150 ms debounce). Leaves the page open for more steps (`then`).
 */
async function pageRun<T>(
  ctx: BenchContext,
  url: string,
  info: SandboxInfo,
  host: string,
  want: { rows: number; maxRow: number; label: string },
  then: (page: Page) => Promise<T>,
): Promise<PageRun & { more: T }> {
  const { context, page } = await ctx.freshPage();
  try {
    await page.addInitScript(LONGTASK_INIT);
    // First byte of the report request, wherever the page sends it from (page or worker):
    // Playwright's request timing, in epoch ms, mapped onto the page's performance.now().
    let firstByteEpoch = NaN;
    page.on('response', (r) => {
      if (!r.url().includes(REPORT_PATH)) return;
      const timing = r.request().timing();
      firstByteEpoch = timing.startTime + timing.responseStart;
    });
    await connect(page, url, info, host);
    await page.evaluate(
      `(${WATCH_SRC})(${JSON.stringify({ rows: want.rows, timeoutMs: 900_000 })})`,
    );
    ctx.log(`  big-report: loading ${want.rows} rows in the page (${want.label})…`);
    const stopTrace = await startTrace(page);
    const stopSampling = sampleMemory(await ctx.browser(), 500);
    await page.getByRole('button', { name: 'Load report' }).click();
    const t = (await page.evaluate('window.__benchAll')) as {
      click: number;
      first: number;
      all: number;
    };
    const peaks = await stopSampling();
    const renderer = await largestRendererMemory(await ctx.browser());
    const timeOrigin = (await page.evaluate('performance.timeOrigin')) as number;
    const firstByte = firstByteEpoch - timeOrigin;
    await page.waitForTimeout(500);
    const cpuTask = longestCpuTaskMs(mainThreadTasks(await stopTrace()));
    const task = await longestTask(page, t.click);
    const cdp = await context.newCDPSession(page);
    const pageHeap = await heapAfterGcMb(cdp, true);
    const workerHeap =
      (await workerHeapsAfterGcMb(cdp, true)).find((w) => /report/.test(w.url))?.mb ?? NaN;
    ctx.log(
      `  big-report: heap after GC (${want.label}): page ${pageHeap.toFixed(1)} MB, worker ${workerHeap.toFixed(1)} MB; ` +
        `peak: renderer ${renderer?.peakMb.toFixed(0)} MB, all processes ${peaks.allPrivateMb.toFixed(0)} MB private`,
    );

    const sortButton = page
      .getByRole('table', { name: 'Report preview' })
      .getByRole('button', { name: SORT_COLUMN, exact: true });
    const sorted = page.evaluate(
      `(${FIRST_ROW_SRC})(${JSON.stringify({ rowNumber: want.maxRow, timeoutMs: 300_000 })})`,
    ) as Promise<number>;
    const clickedAt = (await page.evaluate('performance.now()')) as number;
    await sortButton.click();
    await sortButton.click();
    const sortedAt = await sorted;
    const known = Number.isFinite(firstByte) && firstByte > 0;
    return {
      firstByteMs: known ? firstByte - t.click : NaN,
      firstRowsMs: known ? t.first - firstByte : NaN,
      clickFirstRowsMs: t.first - t.click,
      allRowsMs: t.all - t.click,
      longestTaskMs: task,
      cpuTaskMs: cpuTask,
      pageHeapMb: pageHeap,
      workerHeapMb: workerHeap,
      rendererPeakMb: renderer?.peakMb ?? NaN,
      browserPeakMb: peaks.allPrivateMb,
      sortMs: sortedAt - clickedAt,
      more: await then(page),
    };
  } finally {
    await context.close();
  }
}

/** Summaries over every row (1 M run): preset click → table "Summary" regrouped. */
async function summaries(page: Page) {
  const summary = async (preset: string, headerText: string) => {
    const shown = whenTextVisible(page, SUMMARY_HEAD, headerText, 120_000);
    const at = (await page.evaluate('performance.now()')) as number;
    // A DOM click: Playwright's role locator would run its own long task in the page.
    await page.evaluate(
      `[...document.querySelectorAll('button')].find((b) => b.textContent === ${JSON.stringify(preset)}).click()`,
    );
    return { at, ms: (await shown) - at };
  };
  const stopTrace = await startTrace(page);
  const perClient = await summary('Events per client per month', 'Client Name');
  const topUsers = await summary('Top 20 users', 'Username');
  await page.waitForTimeout(500);
  const cpuTask = longestCpuTaskMs(mainThreadTasks(await stopTrace()));
  return { perClient, topUsers, task: await longestTask(page, perClient.at), cpuTask };
}

/** The caption of the retention table (region "Retention"). */
const RETENTION_CAPTION = 'table caption';

/**
 * Retention over every row (1 M run): once the weekly cohorts are shown (computed after the
 * load), combobox "Cohorts by" → month, then back to week; each until its table's caption says
 * so, and the longest main-thread task meanwhile.
 */
async function cohorts(page: Page) {
  await whenTextVisible(page, RETENTION_CAPTION, 'Retention by first active week', 300_000);
  const choose = async (per: 'week' | 'month') => {
    const shown = whenTextVisible(
      page,
      RETENTION_CAPTION,
      `Retention by first active ${per}`,
      120_000,
    );
    const at = (await page.evaluate('performance.now()')) as number;
    // A DOM change event: Playwright's selectOption would run its own long task in the page.
    await page.evaluate(
      `(() => { const s = [...document.querySelectorAll('label')].find((l) => l.textContent.startsWith('Cohorts by')).querySelector('select'); s.value = ${JSON.stringify(per)}; s.dispatchEvent(new Event('change', { bubbles: true })); })()`,
    );
    return { at, ms: (await shown) - at };
  };
  const stopTrace = await startTrace(page);
  const month = await choose('month');
  const week = await choose('week');
  await page.waitForTimeout(500);
  const cpuTask = longestCpuTaskMs(mainThreadTasks(await stopTrace()));
  return { month: month.ms, week: week.ms, task: await longestTask(page, month.at), cpuTask };
}

/** Ctrl+End in the sorted table: ms until the last row is shown, NaN if it never is. */
async function scrollToEnd(page: Page, rows: number): Promise<number> {
  await page.getByLabel('Report preview rows').focus();
  const shown = page.evaluate(
    `(${LAST_ROW_SRC})(${JSON.stringify({ rows, timeoutMs: 60_000 })})`,
  ) as Promise<number>;
  const at = (await page.evaluate('performance.now()')) as number;
  await page.keyboard.press('Control+End');
  return shown.then(
    (t) => t - at,
    () => NaN,
  );
}

/**
 * Scenario 6: a 1,000,000-row report (SANDBOX_REPORT_SCALE, ~124 MB of CSV) loaded in the
 * Analytics tab through the relay: first rows in table "Report preview" after the first byte,
 * all rows (aria-rowcount), the longest main-thread task (wall time from `longtask` entries and
 * CPU time from a Chrome trace, which load does not stretch), heap (page + report worker, JS heap
 * and ArrayBuffer backing stores after GC, read over CDP: `Runtime.getHeapUsage` on the page
 * and on the worker's target) against the CSV size, sorting by a numeric column, then two
 * summaries over all rows (presets "Events per client per month" and "Top 20 users") and the
 * longest main-thread task meanwhile, and retention by month and by week (combobox "Cohorts
 * by"; also timed in Node over the same store). Node fetches and parses the same report with papaparse in
 * the same run: the ceiling. Then the same for a 5,000,000-row report (~620 MB, a year of a
 * 10,000-user instance; its own server), with Ctrl+End to its last row instead of summaries.
 */
export const bigReport: Scenario = {
  name: 'big-report',
  title: '6. Big report (1,000,000 and 5,000,000 rows)',
  reps: 3,
  metrics: {
    firstByteMs: { label: 'click → first byte', unit: 'ms' },
    firstRowsMs: { label: 'first rows after first byte', unit: 'ms', target: 300 },
    clickFirstRowsMs: { label: 'first rows after click', unit: 'ms' },
    allRowsMs: { label: 'all rows (after click)', unit: 'ms' },
    nodeStreamMs: { label: 'Node: fetch + papaparse', unit: 'ms' },
    nodeParseMs: { label: 'Node: papaparse in memory', unit: 'ms' },
    ceilingPct: { label: 'speed vs Node papaparse', unit: '%', target: 70, better: 'higher' },
    papaBytesMs: { label: 'Node, bytes in memory: papaparse (decoding included)', unit: 'ms' },
    oursBytesMs: { label: "Node, bytes in memory: the worker's parser", unit: 'ms' },
    parserPct: {
      label: "parser speed vs papaparse's, Node, same bytes",
      unit: '%',
      target: 70,
      better: 'higher',
    },
    longestTaskMs: { label: 'longest task (Long Tasks API)', unit: 'ms', floor: 50 },
    cpuTaskMs: { label: 'longest task, CPU time', unit: 'ms', target: 50 },
    heapRatio: { label: 'heap / CSV size', unit: 'ratio', target: 1 },
    rendererPeakRatio: { label: 'renderer peak (VmHWM) / CSV size', unit: 'ratio' },
    browserPeakRatio: { label: 'whole browser peak (private) / CSV size', unit: 'ratio' },
    sortMs: { label: 'sort by a numeric column', unit: 'ms' },
    summaryMs: { label: 'summary: events per client per month', unit: 'ms' },
    topUsersMs: { label: 'summary: top 20 users', unit: 'ms' },
    summaryTaskMs: { label: 'summary: longest task (Long Tasks API)', unit: 'ms', floor: 50 },
    summaryCpuTaskMs: { label: 'summary: longest task, CPU time', unit: 'ms', target: 50 },
    cohortMonthMs: { label: 'retention: Cohorts by → month, table shown', unit: 'ms' },
    cohortWeekMs: { label: 'retention: Cohorts by → week, table shown', unit: 'ms' },
    cohortTaskMs: { label: 'retention: longest task (Long Tasks API)', unit: 'ms', floor: 50 },
    cohortCpuTaskMs: { label: 'retention: longest task, CPU time', unit: 'ms', target: 50 },
    nodeCohortWeekMs: { label: 'Node: retention by week over the store', unit: 'ms' },
    nodeCohortMonthMs: { label: 'Node: retention by month over the store', unit: 'ms' },
    rows: { label: 'rows', unit: 'count' },
    csvMb: { label: 'CSV size', unit: 'MB' },
    bigFirstRowsMs: { label: '5M: first rows after first byte', unit: 'ms', target: 300 },
    bigAllRowsMs: { label: '5M: all rows (after click)', unit: 'ms' },
    bigLongestTaskMs: { label: '5M: longest task (Long Tasks API)', unit: 'ms', floor: 50 },
    bigCpuTaskMs: { label: '5M: longest task, CPU time', unit: 'ms', target: 50 },
    bigHeapRatio: { label: '5M: heap / CSV size', unit: 'ratio', target: 1 },
    bigRendererPeakRatio: { label: '5M: renderer peak (VmHWM) / CSV size', unit: 'ratio' },
    bigBrowserPeakRatio: { label: '5M: whole browser peak (private) / CSV size', unit: 'ratio' },
    bigWorkerHeapMb: { label: '5M: report worker heap', unit: 'MB' },
    bigSortMs: { label: '5M: sort by a numeric column', unit: 'ms' },
    bigEndMs: { label: '5M: Ctrl+End → last row shown', unit: 'ms' },
    bigRows: { label: '5M: rows', unit: 'count' },
    bigCsvMb: { label: '5M: CSV size', unit: 'MB' },
  },
  async run(ctx) {
    const server = await ctx.serverWith({ SANDBOX_REPORT_SCALE: String(SCALE) });
    const info = server.sandbox;
    if (!info?.tokens.analytics) throw new SkipScenario('the sandbox has no analytics token.');
    const host = new URL(info.base_url).host;
    ctx.log(`  big-report: Node fetch + parse of the ${SCALE}-row report…`);
    const node = await nodeRun(info, host);
    const one = await pageRun(
      ctx,
      server.url,
      info,
      host,
      { rows: node.rows, maxRow: node.maxRow, label: '1M' },
      async (page) => ({ ...(await summaries(page)), cohorts: await cohorts(page) }),
    );
    const result: Record<string, number> = {
      firstByteMs: one.firstByteMs,
      firstRowsMs: one.firstRowsMs,
      clickFirstRowsMs: one.clickFirstRowsMs,
      allRowsMs: one.allRowsMs,
      nodeStreamMs: node.streamMs,
      nodeParseMs: node.parseMs,
      ceilingPct: (node.streamMs / one.allRowsMs) * 100,
      papaBytesMs: node.papaBytesMs,
      oursBytesMs: node.oursBytesMs,
      parserPct: (node.papaBytesMs / node.oursBytesMs) * 100,
      longestTaskMs: one.longestTaskMs,
      cpuTaskMs: one.cpuTaskMs,
      heapRatio: (one.pageHeapMb + one.workerHeapMb) / (node.bytes / (1024 * 1024)),
      rendererPeakRatio: one.rendererPeakMb / (node.bytes / (1024 * 1024)),
      browserPeakRatio: one.browserPeakMb / (node.bytes / (1024 * 1024)),
      sortMs: one.sortMs,
      summaryMs: one.more.perClient.ms,
      topUsersMs: one.more.topUsers.ms,
      summaryTaskMs: one.more.task,
      summaryCpuTaskMs: one.more.cpuTask,
      cohortMonthMs: one.more.cohorts.month,
      cohortWeekMs: one.more.cohorts.week,
      cohortTaskMs: one.more.cohorts.task,
      cohortCpuTaskMs: one.more.cohorts.cpuTask,
      nodeCohortWeekMs: node.cohortWeekMs,
      nodeCohortMonthMs: node.cohortMonthMs,
      rows: node.rows,
      csvMb: node.bytes / 1e6,
    };
    if (!(BIG_SCALE > 0)) return result;

    const bigServer = await ctx.serverWith({ SANDBOX_REPORT_SCALE: String(BIG_SCALE) });
    const bigInfo = bigServer.sandbox;
    if (!bigInfo) return result;
    const bigHost = new URL(bigInfo.base_url).host;
    ctx.log(`  big-report: Node scan of the ${BIG_SCALE}-row report…`);
    const scan = await scanRun(bigInfo, bigHost);
    const big = await pageRun(
      ctx,
      bigServer.url,
      bigInfo,
      bigHost,
      { ...scan, label: '5M' },
      (page) => scrollToEnd(page, scan.rows),
    );
    const csvMb = scan.bytes / (1024 * 1024);
    return {
      ...result,
      bigFirstRowsMs: big.firstRowsMs,
      bigAllRowsMs: big.allRowsMs,
      bigLongestTaskMs: big.longestTaskMs,
      bigCpuTaskMs: big.cpuTaskMs,
      bigHeapRatio: (big.pageHeapMb + big.workerHeapMb) / csvMb,
      bigRendererPeakRatio: big.rendererPeakMb / csvMb,
      bigBrowserPeakRatio: big.browserPeakMb / csvMb,
      bigWorkerHeapMb: big.workerHeapMb,
      bigSortMs: big.sortMs,
      bigEndMs: big.more,
      bigRows: scan.rows,
      bigCsvMb: scan.bytes / 1e6,
    };
  },
};
