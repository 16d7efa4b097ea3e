/**
 * Where the main thread's time goes while a big response arrives: runs the sandbox's ~50 MB
 * search once in a fresh headless Chromium with the CDP CPU profiler on, then prints the longest
 * busy stretches of the main thread (runs of non-idle samples, i.e. tasks) and, for the longest
 * ones, the functions that took their time (self time, by function and script position), the
 * `longtask` entries, and the JS heap after GC with the largest object kinds of a heap snapshot.
 *
 *   npx vite build --minify false --outDir dist-prof     # readable function names
 *   DIST_DIR=dist-prof node --import tsx bench/profile-big-response.ts [count]
 *
 * `count` is the number of files in the search (60000 ≈ 50 MB, the default; 12000 ≈ 10 MB).
 * Not part of `npm run bench`: it measures where time goes, the bench measures how much.
 */
import { writeFile } from 'node:fs/promises';
import { chromium, type CDPSession } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';
import { LONGTASK_INIT, longTasksSince, waitInPage } from './lib/browser.ts';
import { heapAfterGcMb } from './lib/memory.ts';
import {
  describeCostliestTasks,
  mainThreadTasks,
  startTrace,
  type TraceEvent,
} from './lib/cpu-tasks.ts';
import { startServer } from './lib/servers.ts';
import { busyStretches, printBusyStretches, type Profile } from './lib/cpu-profile.ts';

const count = Number(process.argv[2] ?? 60_000);
// Free ports unless BENCH_PORT names a base (the server takes it and the next two).
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const distDir = process.env.DIST_DIR ?? 'dist-prof';

/**
 * The page's main thread and its workers over the run: CPU time in top-level tasks, from the
 * first to the last of them, and when the response's bytes arrived (`ResourceReceivedData`).
 */
function threads(events: TraceEvent[]): string {
  const names = new Map<string, string>();
  for (const e of events)
    if (e.name === 'thread_name' && e.args?.name) names.set(`${e.pid}:${e.tid}`, e.args.name);
  const main = mainThreadTasks(events)[0];
  if (!main) return 'no main-thread tasks';
  const t0 = main.ts;
  const ms = (us: number) => (us / 1000).toFixed(0);
  const lines: string[] = [];
  const data = events.filter((e) => e.name === 'ResourceReceivedData' && e.pid === main.pid);
  if (data.length)
    lines.push(
      `bytes into the page: ${data.length} pieces, ${ms((data[0]?.ts ?? 0) - t0)}–` +
        `${ms((data.at(-1)?.ts ?? 0) - t0)} ms after the first task`,
    );
  for (const [key, name] of names) {
    if (!key.startsWith(`${main.pid}:`) || !/CrRendererMain|DedicatedWorker/.test(name)) continue;
    const tasks = events
      .filter((e) => `${e.pid}:${e.tid}` === key && e.ph === 'X' && /RunTask$/.test(e.name))
      .sort((a, b) => a.ts - b.ts);
    let cpu = 0;
    let wall = 0;
    let end = -Infinity;
    for (const e of tasks) {
      if (e.ts < end) continue;
      cpu += e.tdur ?? 0;
      wall += e.dur ?? 0;
      end = e.ts + (e.dur ?? 0);
    }
    const first = tasks[0]?.ts ?? t0;
    lines.push(
      `${name}: ${tasks.length} tasks, CPU ${ms(cpu)} ms (wall ${ms(wall)}) between ` +
        `${ms(first - t0)} and ${ms(end - t0)} ms`,
    );
  }
  return lines.join('\n');
}

async function heapSummary(cdp: CDPSession): Promise<string> {
  let json = '';
  const onChunk = (e: { chunk: string }) => (json += e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snap = JSON.parse(json) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const types = snap.snapshot.meta.node_types[0];
  const sums = new Map<string, { n: number; bytes: number }>();
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt] ?? 0] ?? '?';
    const name =
      type === 'object' || type === 'native'
        ? (snap.strings[snap.nodes[i + nameAt] ?? 0] ?? '?')
        : '';
    const key = `${type}${name ? ` ${name}` : ''}`;
    const s = sums.get(key) ?? { n: 0, bytes: 0 };
    s.n++;
    s.bytes += snap.nodes[i + sizeAt] ?? 0;
    sums.set(key, s);
  }
  return [...sums]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, 15)
    .map(
      ([k, s]) =>
        `  ${(s.bytes / 2 ** 20).toFixed(1).padStart(7)} MB ${String(s.n).padStart(9)}  ${k}`,
    )
    .join('\n');
}

async function main(): Promise<void> {
  // A server left on a fixed port (e.g. by a run that was killed) would answer instead of ours.
  const stale =
    port !== undefined &&
    (await fetch(`http://127.0.0.1:${port}/sandbox.json`).then(
      () => true,
      () => false,
    ));
  if (stale)
    throw new Error(`Something already answers on port ${port}: stop it or set BENCH_PORT.`);
  const server = await startServer(port, distDir);
  const browser = await chromium.launch({
    executablePath: await findChromium(),
    args: CHROMIUM_ARGS,
  });
  try {
    const info = server.sandbox!;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(LONGTASK_INIT);
    await page.goto(`${server.url}/debug/console`);
    const editor = page.getByRole('textbox', { name: 'Query editor' });
    await editor.waitFor();
    const instance = page.getByRole('textbox', { name: 'Instance URL' });
    if (await instance.isVisible()) await instance.fill(info.base_url);
    const token = page.getByRole('textbox', { name: 'Access token' });
    if (await token.isVisible()) await token.fill(info.tokens.user ?? '');
    await editor.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(
      `{ search(query: "count:${count} func") { results { results { ... on FileMatch { ` +
        `file { path content } lineMatches { preview lineNumber offsetAndLengths } } } } } }`,
    );
    // Let the viewer chunk preload settle first.
    await page.waitForTimeout(2000);
    const stopTrace = await startTrace(page, ['devtools.timeline', 'v8']);
    const cdp = await context.newCDPSession(page);
    // The sampling profiler costs the page CPU time of its own: only when asked for.
    const sampling = !!process.env.CPU_PROFILE;
    if (sampling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const t0 = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Run query' }).click();
    const done = await waitInPage(
      page,
      `[...document.querySelectorAll('[aria-label="Response status"] dd')].some((d) => / MB$/.test(d.textContent ?? ''))`,
      180_000,
      true,
    );
    await page.waitForTimeout(1000);
    const profile = sampling
      ? ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile
      : undefined;
    const events = await stopTrace();
    console.log(describeCostliestTasks(events, { top: 6, minEventMs: 2, parts: 8 }));
    console.log(threads(events));
    if (process.env.TRACE_OUT) await writeFile(process.env.TRACE_OUT, JSON.stringify(events));
    console.log(
      `whole response in after ${typeof done === 'number' ? Math.round(done - t0) : '?'} ms`,
    );
    console.log(
      `longtasks [start, ms] from the click: ${JSON.stringify(await longTasksSince(page, t0))}`,
    );
    if (profile) {
      const all = busyStretches(profile);
      console.log(`busy stretches ≥ 30 ms: ${all.filter((s) => s.ms >= 30).length}`);
      printBusyStretches(all, { stretches: 6, perStretch: 12, overall: 20 });
    }
    console.log(`\nJS heap after GC: ${(await heapAfterGcMb(cdp)).toFixed(1)} MB`);
    if (process.env.HEAP_SNAPSHOT) console.log(await heapSummary(cdp));
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
