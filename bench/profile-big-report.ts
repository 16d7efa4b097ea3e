/**
 * Where the main thread's time goes while a big report loads: loads the sandbox's report of
 * `rows` rows (SANDBOX_REPORT_SCALE) once in a fresh headless Chromium with a Chrome trace on,
 * then prints the page's main-thread tasks by CPU time (lib/cpu-tasks.ts) and the trace events
 * inside the costliest ones; with CPU_PROFILE=1 also the CDP CPU profile's busiest stretches.
 *
 *   npx vite build --minify false --outDir dist-prof     # readable function names
 *   DIST_DIR=dist-prof BENCH_PORT=5890 node --import tsx bench/profile-big-report.ts [rows]
 *
 * `rows` defaults to 1,000,000 (~124 MB of CSV). Not part of `npm run bench`: it measures where
 * time goes, the bench measures how much.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';
import { LONGTASK_INIT, waitInPage } from './lib/browser.ts';
import { mainThreadTasks, startTrace, type TraceEvent } from './lib/cpu-tasks.ts';
import { startServer } from './lib/servers.ts';
import type { Profile, ProfileNode } from './lib/cpu-profile.ts';

const rows = Number(process.argv[2] ?? 1_000_000);
const port = Number(process.env.BENCH_PORT ?? 5890);
const distDir = process.env.DIST_DIR ?? 'dist-prof';

function frameName(n: ProfileNode): string {
  const f = n.callFrame;
  const file = f.url.split('/').pop() ?? '';
  return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
}

/** Busy stretches: consecutive non-idle samples, with the self time of each node in them. */
function stretches(p: Profile) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const out: { ms: number; self: Map<string, number> }[] = [];
  let cur: (typeof out)[number] | undefined;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(p.samples[i] ?? -1);
    if (!node || node.callFrame.functionName === '(idle)') {
      cur = undefined;
      continue;
    }
    if (!cur) {
      cur = { ms: 0, self: new Map() };
      out.push(cur);
    }
    cur.ms += dt;
    const name = frameName(node);
    cur.self.set(name, (cur.self.get(name) ?? 0) + dt);
  }
  return out;
}

/** The page's main-thread tasks by CPU time and the trace events of ≥ 1 ms inside the costliest. */
function cpuTasks(events: TraceEvent[]): string {
  const tasks = mainThreadTasks(events);
  const ms = (us = 0) => (us / 1000).toFixed(1);
  const total = tasks.reduce((sum, t) => sum + (t.tdur ?? 0), 0);
  const over = (f: (t: TraceEvent) => number) => tasks.filter((t) => f(t) >= 50_000).length;
  const lines = [
    `main-thread tasks: ${tasks.length}, CPU ${ms(total)} ms in all; ` +
      `CPU ≥ 50 ms: ${over((t) => t.tdur ?? 0)}, wall ≥ 50 ms: ${over((t) => t.dur ?? 0)}`,
  ];
  const main = tasks[0];
  const inside = events.filter((e) => e.pid === main?.pid && e.tid === main.tid && e.ph === 'X');
  for (const t of [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, 8)) {
    const parts = inside
      .filter((e) => e.ts > t.ts && e.ts < t.ts + (t.dur ?? 0) && (e.dur ?? 0) >= 1000)
      .map((e) => `${e.name} ${ms(e.dur)}`)
      .slice(0, 10)
      .join(', ');
    lines.push(`  task CPU ${ms(t.tdur)} ms, wall ${ms(t.dur)} ms: ${parts}`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const stale = await fetch(`http://127.0.0.1:${port}/sandbox.json`).then(
    () => true,
    () => false,
  );
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
    console.log(cpuTasks(await stopTrace()));
    console.log(`load done after ${typeof done === 'number' ? Math.round(done - t0) : '?'} ms`);
    const tasks = await page.evaluate(
      (since) =>
        ((window as unknown as { __benchLongTasks: [number, number][] }).__benchLongTasks ?? [])
          .filter(([s]) => s >= since)
          .map(([s, d]) => [Math.round(s - since), Math.round(d)]),
      t0,
    );
    console.log(`longtasks [start, ms] from the click: ${JSON.stringify(tasks)}`);
    const all = profile ? stretches(profile).sort((a, b) => b.ms - a.ms) : [];
    for (const s of all.slice(0, 5)) {
      console.log(`\n${s.ms.toFixed(1)} ms:`);
      for (const [name, ms] of [...s.self].sort((a, b) => b[1] - a[1]).slice(0, 14))
        console.log(`  ${ms.toFixed(1).padStart(6)} ms  ${name}`);
    }
    const total = new Map<string, number>();
    for (const s of all) for (const [k, v] of s.self) total.set(k, (total.get(k) ?? 0) + v);
    if (all.length) console.log('\nself time over the whole run:');
    for (const [name, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 25))
      console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
