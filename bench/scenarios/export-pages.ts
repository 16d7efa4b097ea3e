import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  armClickTime,
  LONGTASK_INIT,
  longestTask,
  readClickTime,
  waitInPage,
} from '../lib/browser.ts';
import { longestCpuTaskMs, mainThreadTasks, startTrace } from '../lib/cpu-tasks.ts';
import type { SandboxInfo } from '../lib/servers.ts';
import { SkipScenario, type Scenario } from '../lib/types.ts';

/** Users of the scenario's sandbox (SANDBOX_USERS), all exported. */
const USERS = 10_000;
const QUERY = 'query AllUsers { users { nodes { id username displayName siteAdmin createdAt } } }';

/** Opens the console, signs in with the sandbox's user token and sets the query. */
async function prepare(page: Page, url: string, info: SandboxInfo): Promise<void> {
  await page.addInitScript(LONGTASK_INIT);
  await page.goto(`${url}/debug/console`);
  const editor = page.getByRole('textbox', { name: 'Query editor' });
  await editor.waitFor({ timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Instance URL' }).fill(info.base_url);
  const token = page.getByRole('textbox', { name: 'Access token' });
  await token.fill(info.tokens.user);
  await token.press('Enter');
  await page
    .getByRole('button', { name: /^Connection: .* · Signed in as alice · / })
    .waitFor({ timeout: 30_000 });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(QUERY);
}

const DONE = `(document.querySelector('[data-bench-export] [role=status]')?.textContent ?? '').startsWith('Done: ')`;

/**
 * "Export all pages" of 10,000 sandbox users to CSV, with the default cost limits (the page size
 * is then the export's own ceiling). From the click on "Start export" until the status line says
 * the file is saved (the download has started); the pages it took (requests the page sent);
 * the main thread's longest task meanwhile, by CPU time from a Chrome trace and by the Long
 * Tasks API (which lists only tasks of 50 ms or more).
 */
export const exportPages: Scenario = {
  name: 'export-pages',
  title: 'Export of 10,000 rows ("Export all pages", CSV)',
  metrics: {
    exportMs: { label: '10,000 rows: click → file saved', unit: 'ms', better: 'lower' },
    pages: { label: '10,000 rows: pages', unit: 'count' },
    rows: { label: 'rows in the file', unit: 'count' },
    cpuTaskMs: { label: 'longest main-thread task, CPU time', unit: 'ms', target: 50 },
    taskMs: { label: 'longest main-thread task (Long Tasks API)', unit: 'ms', floor: 50 },
    mainCpuMs: { label: 'main thread CPU during the export', unit: 'ms' },
  },
  reps: 3,
  async run(ctx) {
    const server = await ctx.serverWith({ SANDBOX_USERS: String(USERS) });
    const info = server.sandbox;
    if (!info?.tokens.user) throw new SkipScenario('the sandbox has no demo user token.');
    const { context, page } = await ctx.freshPage();
    try {
      await prepare(page, server.url, info);
      const open = page.getByRole('button', { name: 'Export all pages' });
      if (!(await open.isVisible())) throw new SkipScenario('no "Export all pages" button.');
      await open.click();
      const dialog = page.getByRole('dialog', { name: 'Export all pages' });
      await dialog.getByRole('combobox', { name: 'List to export' }).waitFor({ timeout: 30_000 });
      await dialog.evaluate((el) => el.setAttribute('data-bench-export', ''));
      let pages = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/relay/graphql?AllUsers')) pages++;
      });
      const download = page.waitForEvent('download', { timeout: 300_000 });
      await armClickTime(page, '__benchClick');
      const stopTrace = await startTrace(page);
      await dialog.getByRole('button', { name: 'Start export' }).click();
      const doneAt = await waitInPage(page, DONE, 300_000, true);
      if (typeof doneAt !== 'number') throw new Error('the export did not finish in 300 s');
      const clickedAt = await readClickTime(page, '__benchClick');
      const file = await (await download).path();
      const tasks = mainThreadTasks(await stopTrace());
      const lines = file ? readFileSync(file, 'utf8').split('\r\n').length - 2 : NaN;
      return {
        exportMs: doneAt - clickedAt,
        pages,
        rows: lines,
        cpuTaskMs: longestCpuTaskMs(tasks),
        taskMs: await longestTask(page, clickedAt),
        mainCpuMs: tasks.reduce((sum, t) => sum + (t.tdur ?? 0), 0) / 1000,
      };
    } finally {
      await context.close();
    }
  },
};
