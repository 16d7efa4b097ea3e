import { LONGTASK_INIT, longestTask, waitInPage } from '../lib/browser.ts';
import { longestCpuTaskMs, mainThreadTasks, startTrace } from '../lib/cpu-tasks.ts';
import { SkipScenario, type Scenario } from '../lib/types.ts';

/** Rows of the report (SANDBOX_REPORT_SCALE); BENCH_REPORT_ROWS overrides it, as in big-report. */
const SCALE = Number(process.env.BENCH_REPORT_ROWS) || 1_000_000;
/** Instance users (SANDBOX_USERS, where the sandbox grows its users on demand). */
const USERS = Number(process.env.BENCH_SEAT_USERS) || 10_000;

/** The seat answer is shown: region "Seats and adoption" has its "Licensed but inactive" figure. */
const SEATS_SHOWN = `[...document.querySelectorAll('.an-seats [role=group]')].some((g) => g.textContent.startsWith('Licensed but inactive') && g.querySelector('.an-tile-value'))`;
const SEATS_GONE = `!(${SEATS_SHOWN})`;
/** The report is in: the region no longer waits for it (its phase is 'done'). */
const REPORT_IN = `!!document.querySelector('.an-seats') && ![...document.querySelectorAll('.an-seats p')].some((p) => p.textContent.startsWith('Joined with the instance’s users once the report is in'))`;

/**
 * Issue 29's seat join over the 1,000,000-row report: the console connected as the sandbox's
 * admin, the report loaded in the Analytics tab, then region "Seats and adoption" (the instance's
 * users read while the report streams, joined in the report worker once it is in). Measured: the
 * report's last row → the seat figures shown; and "Reload instance users" → the figures shown
 * again (users read again, 200 a page, and joined), with the longest main-thread task meanwhile
 * (CPU time from a Chrome trace, and the Long Tasks API).
 */
export const seatJoin: Scenario = {
  name: 'seat-join',
  title: '29. Seat join over the 1,000,000-row report',
  reps: 3,
  metrics: {
    afterReportMs: { label: 'report in → seats shown (join + render)', unit: 'ms' },
    reloadMs: { label: '"Reload instance users" → seats shown (read + join)', unit: 'ms' },
    reloadCpuTaskMs: { label: 'reload: longest task, CPU time', unit: 'ms', target: 50 },
    reloadLongTaskMs: { label: 'reload: longest task (Long Tasks API)', unit: 'ms', floor: 50 },
    instanceUsers: { label: 'instance users', unit: 'count' },
  },
  async run(ctx) {
    const server = await ctx.serverWith({
      SANDBOX_REPORT_SCALE: String(SCALE),
      SANDBOX_USERS: String(USERS),
    });
    const info = server.sandbox;
    if (!info?.tokens.admin || !info.tokens.analytics)
      throw new SkipScenario('the sandbox has no admin or analytics token.');
    const host = new URL(info.base_url).host;
    const { context, page } = await ctx.freshPage();
    try {
      await page.addInitScript(LONGTASK_INIT);
      await page.goto(`${server.url}/debug/console`);
      await page.getByRole('textbox', { name: 'Instance URL' }).fill(info.base_url);
      await page.getByRole('textbox', { name: 'Access token' }).fill(info.tokens.admin);
      await page.getByRole('button', { name: /^Connect(ing…)?$/ }).click();
      await page
        .getByRole('button', { name: /^Connection: .* · Signed in as admin · / })
        .waitFor({ timeout: 60_000 });
      await page.getByRole('link', { name: 'Analytics' }).click();
      const load = page.getByRole('button', { name: 'Load report' });
      await load.waitFor({ timeout: 30_000 });
      await page.getByLabel('Analytics URL').fill(info.analytics_url);
      await page.getByLabel('Analytics token', { exact: true }).fill(info.tokens.analytics);
      await page.getByLabel('Instance host').fill(host);
      ctx.log(`  seat-join: loading the ${SCALE}-row report…`);
      await load.click();
      await page.locator('.an-seats').waitFor({ timeout: 120_000 });
      // Both watchers are set while the report streams; each stamps its moment.
      const reportIn = waitInPage(page, REPORT_IN, 900_000, true);
      const shown = waitInPage(page, SEATS_SHOWN, 900_000, true);
      const at = (v: number | boolean) => (typeof v === 'number' ? v : NaN);
      const inAt = at(await reportIn);
      const shownAt = at(await shown);
      const tiles = page.locator('.an-seats .an-tile-value');
      const instanceUsers = Number(((await tiles.nth(1).textContent()) ?? '').replace(/\D/g, ''));

      const stopTrace = await startTrace(page);
      const gone = waitInPage(page, SEATS_GONE, 60_000);
      const clickAt = (await page.evaluate('performance.now()')) as number;
      await page.getByRole('button', { name: 'Reload instance users' }).click();
      await gone;
      const againAt = at(await waitInPage(page, SEATS_SHOWN, 300_000, true));
      await page.waitForTimeout(300);
      const cpuTask = longestCpuTaskMs(mainThreadTasks(await stopTrace()));
      return {
        afterReportMs: shownAt - inAt,
        reloadMs: againAt - clickAt,
        reloadCpuTaskMs: cpuTask,
        reloadLongTaskMs: await longestTask(page, clickAt),
        instanceUsers,
      };
    } finally {
      await context.close();
    }
  },
};
