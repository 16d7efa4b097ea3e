/**
 * Where a cold start's wall time goes: opens the console in a fresh headless Chromium profile
 * with a Chrome trace on, types into the query editor as `editor-ready` does, and prints, from
 * navigation start, every request (sent → finished), every main-thread task over 1 ms with what
 * ran in it (scripts evaluated, compiled, parsed HTML, style, layout, paint, events), and the
 * moments the page reached: DOMContentLoaded, the textbox in the DOM, typed text visible.
 *
 *   npm run build -- --outDir dist-prof                       # or any build
 *   DIST_DIR=dist-prof node --import tsx bench/profile-cold-start.ts [runs]
 *
 * `WORKERS=1` lists the dedicated workers' tasks too. `CPU_PROFILE=1` adds self time by script
 * and function (`PROFILE_FROM=<ms>` or `=<app mark>`, e.g. `schema:response`: only after that
 * moment; build with `npx vite build --minify false --outDir dist-prof` for readable names).
 * `FLOW=docs` follows big-schema's flow instead (GitHub's schema; "Use sandbox" and Docs clicked
 * as soon as they exist) up to Docs listing Query's fields.
 *
 * Not part of `npm run bench`: it shows where time goes, the bench measures how much.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';
import { typeIntoQueryEditor } from './lib/browser.ts';
import type { TraceEvent } from './lib/cpu-tasks.ts';
import { startServer } from './lib/servers.ts';
import { GITHUB_ENV, openDocsOnGithub } from './scenarios/big-schema.ts';

interface Ev extends TraceEvent {
  cat?: string;
  args?: {
    name?: string;
    data?: Record<string, unknown> & { url?: string; requestId?: string; type?: string };
    beginData?: { url?: string };
    frame?: string;
  };
}

const runs = Number(process.argv[2] ?? 1);
// Free ports unless BENCH_PORT names a base (the server takes it and the next two).
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const distDir = process.env.DIST_DIR ?? 'dist';
/** `FLOW=docs`: big-schema's flow instead (GitHub's schema, "Use sandbox", Docs lists Query). */
const flow = process.env.FLOW === 'docs' ? 'docs' : 'type';

const CATEGORIES = [
  ...(process.env.CPU_PROFILE ? ['disabled-by-default-v8.cpu_profiler'] : []),
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
];

const short = (url: unknown) =>
  typeof url === 'string' ? (url.split('/').pop() ?? url).slice(0, 60) : '';

function report(events: Ev[], typedAt: number) {
  const mainKeys = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const nav = events.find((e) => e.name === 'navigationStart' && mainKeys.has(`${e.pid}:${e.tid}`));
  const navTs = nav?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const ms = (ts: number) => ((ts - navTs) / 1000).toFixed(1).padStart(7);
  const lines: [number, string][] = [];
  // Network.
  const sent = new Map<string, Ev>();
  /** When the renderer took each request's response headers (`ResourceReceiveResponse`). */
  const headers = new Map<string, Ev>();
  for (const e of events) {
    const d = e.args?.data;
    if (!d?.requestId) continue;
    if (e.name === 'ResourceSendRequest') sent.set(d.requestId, e);
    if (e.name === 'ResourceReceiveResponse') headers.set(d.requestId, e);
    if (e.name === 'ResourceFinish') {
      const s = sent.get(d.requestId);
      const h = headers.get(d.requestId);
      if (s)
        lines.push([
          s.ts,
          `${ms(s.ts)} net  ${short(s.args?.data?.url)} →${h ? ` headers ${ms(h.ts)},` : ''} finished ${ms(e.ts)} (${(Number(d.encodedDataLength ?? 0) / 1024).toFixed(1)} kB)`,
        ]);
    }
  }
  // Marks.
  for (const e of events) {
    if (!mainKeys.has(`${e.pid}:${e.tid}`)) continue;
    if (/^(domContentLoadedEventEnd|loadEventEnd|firstContentfulPaint|firstPaint)$/.test(e.name))
      lines.push([e.ts, `${ms(e.ts)} mark ${e.name}`]);
  }
  // The app's own marks and measures (performance.mark / measure: schema:*, docs:*).
  for (const e of events) {
    if (e.cat !== 'blink.user_timing' || !/^(schema|docs):/.test(e.name) || e.ph === 'e') continue;
    lines.push([e.ts, `${ms(e.ts)} app  ${e.name}${e.ph === 'b' ? ' (measure start)' : ''}`]);
  }
  // Busiest renderer main thread's tasks.
  const byKey = new Map<string, Ev[]>();
  for (const e of events) {
    const k = `${e.pid}:${e.tid}`;
    if (!mainKeys.has(k) || e.ts < navTs) continue;
    (byKey.get(k) ?? byKey.set(k, []).get(k)!).push(e);
  }
  const cpu = (l: Ev[]) =>
    l.filter((e) => /RunTask$/.test(e.name)).reduce((s, e) => s + (e.tdur ?? 0), 0);
  const main = [...byKey.values()].sort((a, b) => cpu(b) - cpu(a))[0] ?? [];
  const { wall: total, cpu: totalCpu } = taskLines(main, 'task', typedAt, navTs, ms, lines);
  // `WORKERS=1`: the dedicated workers' tasks too (the schema and Docs workers, ...).
  if (process.env.WORKERS) {
    const workerKeys = new Set(
      events
        .filter((e) => e.name === 'thread_name' && e.args?.name === 'DedicatedWorker thread')
        .map((e) => `${e.pid}:${e.tid}`),
    );
    for (const key of workerKeys) {
      const thread = events.filter((e) => `${e.pid}:${e.tid}` === key && e.ts >= navTs);
      taskLines(thread, `wrk${[...workerKeys].indexOf(key)}`, typedAt, navTs, ms, lines);
    }
  }
  lines.sort((a, b) => a[0] - b[0]);
  if (process.env.CPU_PROFILE)
    selfTimes(events, main, navTs, Number(process.env.PROFILE_TO ?? typedAt) || typedAt);
  for (const [, l] of lines) console.log(l);
  console.log(
    `${flow === 'docs' ? 'Docs lists Query' : 'typed text visible'} ${typedAt.toFixed(0)} ms; main-thread tasks ≥1 ms until then: ${(total / 1000).toFixed(0)} ms wall, ${(totalCpu / 1000).toFixed(0)} ms CPU`,
  );
}

/**
 * One line per task of one thread (its events, any order) over 1 ms until `typedAt` (+50 ms),
 * with what ran in it; returns the tasks' summed wall and CPU time (µs).
 */
function taskLines(
  thread: Ev[],
  label: string,
  typedAt: number,
  navTs: number,
  ms: (ts: number) => string,
  lines: [number, string][],
): { wall: number; cpu: number } {
  thread.sort((a, b) => a.ts - b.ts);
  const tasks: Ev[] = [];
  let taskEnd = -Infinity;
  for (const e of thread) {
    if (e.ph !== 'X' || !/RunTask$/.test(e.name) || e.ts < taskEnd) continue;
    tasks.push(e);
    taskEnd = e.ts + (e.dur ?? 0);
  }
  let wall = 0;
  let cpu = 0;
  for (const t of tasks) {
    const end = t.ts + (t.dur ?? 0);
    if ((t.dur ?? 0) < 1000 || (typedAt > 0 && t.ts - navTs > typedAt * 1000 + 50_000)) continue;
    wall += t.dur ?? 0;
    cpu += t.tdur ?? 0;
    const inside = thread.filter(
      (e) =>
        e !== t &&
        e.ph === 'X' &&
        e.ts >= t.ts &&
        e.ts < end &&
        (e.dur ?? 0) >= 500 &&
        /^(EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule|ParseHTML|UpdateLayoutTree|Layout|Paint|EventDispatch|FunctionCall|TimerFire|FireAnimationFrame|MajorGC|MinorGC|V8\.GC.*|ParseAuthorStyleSheet|v8\.parseOnBackground|CompileScript|RunMicrotasks|v8\.run|HandlePostMessage)$/.test(
          e.name,
        ),
    );
    const what = inside
      .map((e) => {
        const d = e.args?.data;
        const u = short(d?.url ?? e.args?.beginData?.url ?? d?.fileName);
        const extra = d?.type ? `:${String(d.type)}` : '';
        return `${e.name}${extra}${u ? `(${u})` : ''} ${((e.dur ?? 0) / 1000).toFixed(1)}`;
      })
      .slice(0, 14)
      .join(', ');
    lines.push([
      t.ts,
      `${ms(t.ts)} ${label} ${((t.dur ?? 0) / 1000).toFixed(1)} ms (cpu ${((t.tdur ?? 0) / 1000).toFixed(1)}) ${what}`,
    ]);
  }
  return { wall, cpu };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number };
}
interface ProfileChunkData {
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

/**
 * Self time by function (from the trace's sampling profiler) on the page's main thread from
 * navigation until the typed text was visible, the top 40, and the same summed by script.
 */
function selfTimes(events: Ev[], main: Ev[], navTs: number, typedAt: number) {
  const fromEnv = process.env.PROFILE_FROM ?? '0';
  // A number of ms, or the name of an app mark (its last occurrence), e.g. `schema:response`.
  const mark = events.filter((e) => e.cat === 'blink.user_timing' && e.name === fromEnv).pop();
  const from = mark ? (mark.ts - navTs) / 1000 : Number(fromEnv);
  const nodes = new Map<number, ProfileNode>();
  const self = new Map<string, number>();
  const byScript = new Map<string, number>();
  type Pe = Ev & { id?: string; args?: { data?: { startTime?: number } } };
  const start = main.find((e) => e.name === 'Profile') as Pe | undefined;
  const profileEvents = (events as Pe[]).filter(
    (e) => e.name === 'ProfileChunk' && e.pid === start?.pid && e.id === start?.id,
  );
  let t = start?.args?.data?.startTime ?? 0;
  let last = t;
  for (const e of profileEvents) {
    const d = e.args?.data as ProfileChunkData | undefined;
    for (const n of d?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const samples = d?.cpuProfile?.samples ?? [];
    const deltas = d?.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      t += deltas[i] ?? 0;
      const dt = t - last;
      last = t;
      if (t < navTs + from * 1000 || t > navTs + typedAt * 1000) continue;
      const n = nodes.get(samples[i] ?? -1);
      if (!n || /^\((idle|program|root)\)$/.test(n.callFrame.functionName)) continue;
      const file = short(n.callFrame.url);
      const key = `${n.callFrame.functionName || '(anonymous)'} ${file}:${(n.callFrame.lineNumber ?? 0) + 1}`;
      self.set(key, (self.get(key) ?? 0) + dt);
      byScript.set(
        file || n.callFrame.functionName,
        (byScript.get(file || n.callFrame.functionName) ?? 0) + dt,
      );
    }
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, us]) => `  ${(us / 1000).toFixed(1).padStart(6)} ms ${name}`);
  console.log('self time by script:');
  for (const l of top(byScript, 20)) console.log(l);
  console.log('self time by function:');
  for (const l of top(self, 50)) console.log(l);
}

const server = await startServer(port, distDir, flow === 'docs' ? GITHUB_ENV : {});
const browser = await chromium.launch({
  executablePath: await findChromium(),
  args: CHROMIUM_ARGS,
});
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await browser.startTracing(page, { categories: CATEGORIES });
    if (flow !== 'docs') await page.goto(`${server.url}/debug/console`, { waitUntil: 'commit' });
    let typedAt: number;
    if (flow === 'docs') {
      const { connectAt, queryVisibleAt } = await openDocsOnGithub(page, server);
      console.log(`"Use sandbox" clicked at ${connectAt.toFixed(0)} ms`);
      typedAt = queryVisibleAt;
    } else {
      typedAt = (await typeIntoQueryEditor(page, 'zqxj')) ?? -1;
    }
    await page.waitForLoadState('load');
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: Ev[] })
      .traceEvents;
    console.log(`\n=== run ${i + 1} ===`);
    report(events, typedAt);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
