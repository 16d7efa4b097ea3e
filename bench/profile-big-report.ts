/**
 * Where the main thread's time goes while a big report loads: loads the sandbox's report of
 * `rows` rows (SANDBOX_REPORT_SCALE) once in a fresh headless Chromium with a Chrome trace on,
 * then prints the page's main-thread tasks by CPU time (lib/cpu-tasks.ts) and the trace events
 * inside the costliest ones; with CPU_PROFILE=1 also the CDP CPU profile's busiest stretches.
 *
 *   npx vite build --minify false --outDir dist-prof     # readable function names
 *   DIST_DIR=dist-prof node --import tsx bench/profile-big-report.ts [rows]
 *
 * `rows` defaults to 1,000,000 (~124 MB of CSV). Not part of `npm run bench`: it measures where
 * time goes, the bench measures how much.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';
import { LONGTASK_INIT, longTasksSince, waitInPage } from './lib/browser.ts';
import { describeCostliestTasks, startTrace } from './lib/cpu-tasks.ts';
import { startServer } from './lib/servers.ts';
import { busyStretches, printBusyStretches, type Profile } from './lib/cpu-profile.ts';

const rows = Number(process.argv[2] ?? 1_000_000);
// Free ports unless BENCH_PORT names a base (the server takes it and the next two).
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const distDir = process.env.DIST_DIR ?? 'dist-prof';

async function main(): Promise<void> {
  const stale =
    port !== undefined &&
    (await fetch(`http://127.0.0.1:${port}/sandbox.json`).then(
      () => true,
      () => false,
    ));
  if (stale)
    throw new Error(`Something already answers on port ${port}: stop it or set BENCH_PORT.`);
  const server = await startServer(port, distDir, { SANDBOX_REPORT_SCALE: String(rows) });
  const browser = await chromium.launch({
    executablePath: await findChromium(),
    args: CHROMIUM_ARGS,
  });
  try {
    const info = server.sandbox!;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(LONGTASK_INIT);
    await page.goto(`${server.url}/analytics`);
    await page.getByRole('button', { name: 'Load report' }).waitFor();
    await page.getByLabel('Analytics URL').fill(info.analytics_url);
    await page.getByLabel('Analytics token', { exact: true }).fill(info.tokens.analytics ?? '');
    await page.getByLabel('Instance host').fill(new URL(info.base_url).host);
    const stopTrace = await startTrace(page, ['devtools.timeline', 'v8']);
    const cdp = await context.newCDPSession(page);
    const sampling = !!process.env.CPU_PROFILE;
    if (sampling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const t0 = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Load report' }).click();
    const done = await waitInPage(
      page,
      `document.querySelector('[role=progressbar][aria-label="Report download progress"]')?.getAttribute('data-state') === 'done'`,
      900_000,
      true,
    );
    await page.waitForTimeout(1500);
    const profile = sampling
      ? ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile
      : undefined;
    console.log(describeCostliestTasks(await stopTrace(), { top: 8, minEventMs: 1, parts: 10 }));
    console.log(`load done after ${typeof done === 'number' ? Math.round(done - t0) : '?'} ms`);
    console.log(
      `longtasks [start, ms] from the click: ${JSON.stringify(await longTasksSince(page, t0))}`,
    );
    if (profile)
      printBusyStretches(busyStretches(profile), { stretches: 5, perStretch: 14, overall: 25 });
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
