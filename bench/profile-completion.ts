/**
 * Where a completion keystroke's time goes (scenario 4 of scenarios/big-schema.ts): GitHub's
 * schema, Docs open, the query editor holding `{ repository(owner:"a", name:"b") { `, then
 * `keys` letters (LETTERS, default: letters that start fields of Repository), each followed by
 * Escape and Backspace as in the bench. Each letter is pressed with a CDP CPU profile running
 * (started before the key, stopped once the list is painted); prints the keydown → list in the
 * DOM and → painted (a frame and a task later, as the bench) medians and first quartiles, then
 * the functions by self and by total time per key (non-idle samples).
 *
 *   npx vite build --minify false --outDir dist-prof     # readable function names
 *   DIST_DIR=dist-prof node --import tsx bench/profile-completion.ts [keys]
 *
 * FOCUS=regex adds the call tree below the outermost frame matching it (DEPTH=n levels), e.g.
 * FOCUS='^accept ' for the list's opening. TRACE=1 adds a Chrome trace of every key: the median
 * CPU of the key's task, of the frame after it and of React's scheduled renders (its
 * scheduler's tasks, `performWorkUntilDeadline`, within 50 ms of keydown, and of those before
 * "painted"; a deferred render of
 * what follows the text), the time from that frame's end to the timer's
 * "painted" mark with the tasks that ran in between (the bench's closing task waits for them),
 * and the last key's main-thread events from keydown to 40 ms later with the timer's marks (in
 * DOM, rAF, painted). MICRO=1 instead times the
 * editor's own part in the page, without the browser's input handling: a typing transaction →
 * list in the DOM and laid out, → CodeMirror's measure done (min, p10, p25, median of `keys`
 * rounds; the low quantiles are what to compare on a busy machine). SEQUENCE=n prints, for each of
 * the last n keys, what ran in order (SEQUENCE_DEPTH=n frames per row); CALLERS=regex the stacks
 * into the innermost frame matching it; ALLOC=1 what the keys allocate, by function; NODOCS=1
 * closes Docs before typing. Not part of `npm run bench`: it measures where time goes, the bench
 * measures how much. With TRACE=1: TRACE_MIN=µs lists the last key's events at least that long
 * (default 200), TRACE_ARGS=n prints n characters of a layout event's details (its dirty
 * objects and layout roots), INVALIDATIONS=1 adds what invalidated style and layout (Chrome's
 * invalidation tracking), THREADS=1 the threads busy during it (CPU ms), and the browser's phases
 * (style, layout, paint…) are summed per key.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';
import { waitInPage } from './lib/browser.ts';
import { startTrace, type TraceEvent } from './lib/cpu-tasks.ts';
import { startServer } from './lib/servers.ts';
import { summarize } from './lib/stats.ts';
import { frameName, type Profile, type ProfileNode } from './lib/cpu-profile.ts';
import { holdCompletionPrefix } from './scenarios/big-schema.ts';

const KEYS = Number(process.argv[2] ?? 20);
/** TRACE_MIN=µs: the last key's trace lists events at least this long (default 200). */
const TRACE_MIN_US = Number(process.env.TRACE_MIN ?? 200);
// Free ports unless BENCH_PORT names a base (the server takes it and the next two).
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const distDir = process.env.DIST_DIR ?? 'dist-prof';
/** Letters that start fields of GitHub's Repository (as the bench reads them from the SDL). */
const LETTERS = process.env.LETTERS ?? 'abcdefhilmnoprstuvw';

const TIMER = `(() => { window.__t = new Promise((resolve) => {
  let keyAt = NaN;
  document.addEventListener('keydown', (e) => { keyAt = e.timeStamp; }, { capture: true, once: true });
  const mo = new MutationObserver(() => {
    if (Number.isNaN(keyAt) || !document.querySelector('.cm-tooltip-autocomplete li[role="option"]')) return;
    mo.disconnect();
    window.__dom = performance.now() - keyAt;
    console.timeStamp('in DOM');
    requestAnimationFrame(() => { console.timeStamp('rAF'); setTimeout(() => { console.timeStamp('painted'); resolve(performance.now() - keyAt); }, 0); });
  });
  mo.observe(document, { subtree: true, childList: true });
}); })()`;

/**
 * In the page, without the browser's own input handling: `n` times, a typing transaction of one
 * letter, then (microtasks: the eager start, the source, the accept) the list in the DOM and laid
 * out; then CodeMirror's pending measure (what its animation frame would run) and layout again.
 * Between rounds the letter is deleted, the list closed and a frame passes. Resolves with the
 * times (ms) to the list laid out and to the measure done.
 */
const MICRO = `async ([n, letters]) => {
  const content = document.querySelector('.cm-content[aria-label="Query editor"]');
  const view = content.cmTile.root.view;
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const listed = () => new Promise((r) => {
    const mo = new MutationObserver(() => {
      if (document.querySelector('.cm-tooltip-autocomplete li[role="option"]')) { mo.disconnect(); r(); }
    });
    mo.observe(document.body, { subtree: true, childList: true });
  });
  const dom = [], measured = [];
  for (let i = 0; i < n; i++) {
    const pos = view.state.selection.main.head;
    const shown = listed();
    const t0 = performance.now();
    view.dispatch({ changes: { from: pos, insert: letters[i % letters.length] }, selection: { anchor: pos + 1 }, userEvent: 'input.type', scrollIntoView: true });
    await shown;
    document.querySelector('.cm-tooltip-autocomplete').getBoundingClientRect();
    dom.push(performance.now() - t0);
    view.measure();
    document.querySelector('.cm-tooltip-autocomplete').getBoundingClientRect();
    measured.push(performance.now() - t0);
    await frame();
    view.contentDOM.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    view.dispatch({ changes: { from: pos, to: pos + 1 }, selection: { anchor: pos }, userEvent: 'delete.backward' });
    await frame();
    await frame();
  }
  return { dom, measured };
}`;

const self = new Map<string, number>();
const total = new Map<string, number>();
/** FOCUS=regex: the call tree below the outermost frame whose name matches, summed. */
const focus = process.env.FOCUS ? new RegExp(process.env.FOCUS) : undefined;
interface Tree {
  ms: number;
  kids: Map<string, Tree>;
}
const focusTree: Tree = { ms: 0, kids: new Map() };

/** CALLERS=regex: the stacks that lead to the innermost frame matching it, summed. */
const callers = process.env.CALLERS ? new RegExp(process.env.CALLERS) : undefined;
const callerStacks = new Map<string, number>();

function addStack(stack: string[], dt: number): void {
  if (callers) {
    const at = stack.findLastIndex((n) => callers.test(n));
    if (at >= 0) {
      const key = stack.slice(Math.max(0, at - 14), at + 1).join('\n    < ');
      callerStacks.set(key, (callerStacks.get(key) ?? 0) + dt);
    }
  }
  const at = focus ? stack.findIndex((n) => focus.test(n)) : -1;
  if (at < 0) return;
  let t = focusTree;
  t.ms += dt;
  for (const n of stack.slice(at)) {
    let k = t.kids.get(n);
    if (!k) t.kids.set(n, (k = { ms: 0, kids: new Map() }));
    k.ms += dt;
    t = k;
  }
}

function printTree(t: Tree, depth: number, keys: number): void {
  for (const [n, k] of [...t.kids].sort((a, b) => b[1].ms - a[1].ms)) {
    if (k.ms / keys < 0.08 || depth > Number(process.env.DEPTH ?? 14)) continue;
    console.log(`${' '.repeat(depth * 2)}${(k.ms / keys).toFixed(2)}  ${n}`);
    printTree(k, depth + 1, keys);
  }
}

function addProfile(p: Profile): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(p.samples[i] ?? -1);
    if (!node || /^\((idle|program|garbage collector)\)$/.test(node.callFrame.functionName))
      continue;
    const name = frameName(node);
    self.set(name, (self.get(name) ?? 0) + dt);
    const seen = new Set<string>();
    const stack: string[] = [];
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const n = frameName(byId.get(id)!);
      stack.unshift(n);
      if (seen.has(n)) continue;
      seen.add(n);
      total.set(n, (total.get(n) ?? 0) + dt);
    }
    addStack(stack, dt);
  }
}

/**
 * SEQUENCE=n: for each of the last n keys, what ran in order (consecutive samples under the same
 * outermost frames, with gaps): where the key's wall time went, task by task.
 */
function printSequence(p: Profile): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const depth = Number(process.env.SEQUENCE_DEPTH ?? 3);
  let t = 0;
  let cur: { label: string; from: number; to: number } | undefined;
  const rows: string[] = [];
  const flush = () => {
    if (cur)
      rows.push(
        `${cur.from.toFixed(1).padStart(6)} ${(cur.to - cur.from).toFixed(1).padStart(5)}  ${cur.label}`,
      );
  };
  for (let i = 0; i < p.samples.length; i++) {
    t += (p.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(p.samples[i] ?? -1);
    if (!node) continue;
    const stack: string[] = [];
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id))
      stack.unshift(frameName(byId.get(id)!).replace(/-[\w-]{8}\.js/, ''));
    const label = /^\((idle|program|garbage collector)\)/.test(frameName(node))
      ? frameName(node).split(' ')[0]!
      : stack.slice(1, 1 + depth).join(' > ');
    if (cur && cur.label === label) cur.to = t;
    else {
      flush();
      cur = { label, from: t, to: t };
    }
  }
  flush();
  console.log(
    `\nkey timeline (ms from the profile's start):\n${rows.filter((r) => !/ 0\.0 {2}\(idle/.test(r)).join('\n')}`,
  );
}

interface AllocNode {
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: AllocNode[];
}

/** ALLOC: bytes allocated per key by function (self), and by script. */
function printAllocations({ profile }: { profile: { head: AllocNode } }): void {
  const bySelf = new Map<string, number>();
  let sum = 0;
  const walk = (n: AllocNode, path: string[]) => {
    const name = frameName(n as unknown as ProfileNode);
    const here = [...path, name];
    if (n.selfSize) {
      const key = here.slice(-3).join(' < ');
      bySelf.set(key, (bySelf.get(key) ?? 0) + n.selfSize);
      sum += n.selfSize;
    }
    for (const c of n.children) walk(c, here);
  };
  walk(profile.head, []);
  console.log(
    `\nallocated per key (keys, Escape, Backspace): ${(sum / KEYS / 1024).toFixed(0)} kB`,
  );
  for (const [k, b] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${(b / KEYS / 1024).toFixed(1).padStart(7)} kB  ${k}`);
}

/** The CALLERS stacks, innermost frame first, by time per key. */
function printCallers(): void {
  if (!callers) return;
  console.log(`\nstacks into ${String(callers)}, ms per key:`);
  for (const [stack, ms] of [...callerStacks].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`${(ms / KEYS).toFixed(2)}  ${stack.split('\n    < ').reverse().join('\n    < ')}`);
}

async function connect(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/debug/console`);
  await page.getByRole('button', { name: 'Use sandbox', exact: true }).click();
  await page.getByRole('button', { name: 'Docs', exact: true }).click();
  await page.locator('[aria-label="Fields of Query"]').first().waitFor({ timeout: 120_000 });
  await holdCompletionPrefix(page);
  if (process.env.NODOCS) {
    await page.getByRole('button', { name: 'Docs', exact: true }).click();
    await holdCompletionPrefix(page);
  }
}

async function main(): Promise<void> {
  const server = await startServer(port, distDir, {
    SANDBOX_SCHEMA: 'node_modules/@octokit/graphql-schema/schema.graphql',
  });
  const browser = await chromium.launch({
    executablePath: await findChromium(),
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await connect(page, server.url);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    if (process.env.MICRO) {
      await cdp.send('Profiler.start');
      const r = (await page.evaluate(`(${MICRO})(${JSON.stringify([KEYS, LETTERS])})`)) as Record<
        string,
        number[]
      >;
      for (const [k, xs] of Object.entries(r)) {
        const q = (p: number) =>
          [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!.toFixed(2);
        console.log(`micro ${k}: min ${q(0)} p10 ${q(0.1)} p25 ${q(0.25)} median ${q(0.5)} ms`);
      }
      addProfile(((await cdp.send('Profiler.stop')) as { profile: Profile }).profile);
      if (focus) {
        console.log(`\ncall tree below ${String(focus)}, ms per key:`);
        printTree(focusTree, 1, KEYS);
      }
      printCallers();
      return;
    }
    const painted: number[] = [];
    const inDom: number[] = [];
    const trace = !!process.env.TRACE;
    // ALLOC=1: what the keys allocate (V8's sampling heap profiler over the whole loop, objects
    // collected since included), by allocating function.
    if (process.env.ALLOC) {
      await cdp.send('HeapProfiler.enable');
      await cdp.send('HeapProfiler.startSampling', {
        samplingInterval: 1024,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      } as never);
    }
    for (let i = 0; i < KEYS; i++) {
      await page.evaluate(TIMER);
      const stopTrace = trace
        ? await startTrace(page, [
            'devtools.timeline',
            'v8',
            ...(process.env.INVALIDATIONS
              ? ['disabled-by-default-devtools.timeline.invalidationTracking']
              : []),
          ])
        : undefined;
      await cdp.send('Profiler.start');
      await page.keyboard.press(LETTERS.charAt(i % LETTERS.length));
      painted.push((await page.evaluate('window.__t')) as number);
      inDom.push((await page.evaluate('window.__dom')) as number);
      const keyProfile = ((await cdp.send('Profiler.stop')) as { profile: Profile }).profile;
      addProfile(keyProfile);
      if (process.env.SEQUENCE && i >= KEYS - Number(process.env.SEQUENCE))
        printSequence(keyProfile);
      if (stopTrace) {
        await page.waitForTimeout(50); // the key's deferred renders, if any
        printTrace(await stopTrace(), i === KEYS - 1);
      }
      await page.keyboard.press('Escape');
      await page.keyboard.press('Backspace');
      await waitInPage(page, `!document.querySelector('.cm-tooltip-autocomplete')`, 5000);
      await page.waitForTimeout(60);
    }
    if (process.env.ALLOC) printAllocations(await cdp.send('HeapProfiler.stopSampling'));
    const f = (xs: number[]) => summarize(xs).median.toFixed(1);
    const p25 = (xs: number[]) =>
      [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 4)]!.toFixed(1);
    console.log(
      `${KEYS} keys: painted median ${f(painted)} ms (p25 ${p25(painted)}), in DOM median ${f(inDom)} ms (p25 ${p25(inDom)})`,
    );
    console.log(`  painted: ${painted.map((x) => x.toFixed(0)).join(' ')}`);
    console.log(`  in DOM:  ${inDom.map((x) => x.toFixed(0)).join(' ')}`);
    if (trace) {
      console.log(
        `CPU per key (trace, median): input task ${f(inputCpu)} ms, frame task ${f(frameCpu)} ms, both ${f(inputCpu.map((x, i) => x + (frameCpu[i] ?? 0)))} ms; React's scheduled renders ${f(reactCpuAll)} ms (before "painted" ${reactCpu.length ? f(reactCpu) : '-'})`,
      );
      console.log(
        'browser phases per key (trace, CPU ms): ' +
          [...phaseCpu]
            .sort((a, b) => b[1] - a[1])
            .map(([k, ms]) => `${k} ${(ms / KEYS).toFixed(2)}`)
            .join(', '),
      );
    }
    const per = (ms: number) => (ms / KEYS).toFixed(2).padStart(6);
    if (trace) {
      console.log(
        `frame end → "painted" mark: median ${f(afterFrame)} ms; tasks between (wall ms per key):`,
      );
      for (const [n, ms] of [...afterTasks].sort((a, b) => b[1] - a[1]).slice(0, 10))
        console.log(`  ${per(ms)}  ${n}`);
    }
    console.log('\nself ms per key:');
    for (const [n, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`  ${per(ms)}  ${n}`);
    console.log('\ntotal ms per key:');
    for (const [n, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 60))
      console.log(`  ${per(ms)}  ${n}`);
    if (focus) {
      console.log(`\ncall tree below ${String(focus)}, ms per key:`);
      printTree(focusTree, 1, KEYS);
    }
    printCallers();
  } finally {
    await browser.close();
    await server.stop();
  }
}

const inputCpu: number[] = [];
/** The browser's rendering phases, summed over the keys (trace), by task and phase. */
const phaseCpu = new Map<string, number>();
const PHASES =
  /^(UpdateLayoutTree|Layout|PrePaint|Paint|Layerize|HitTest|Commit|UpdateLayer|ParseHTML|ScheduleStyleRecalculation|IntersectionObserverController::computeIntersections|ComputeIntersections)$/;
const frameCpu: number[] = [];
/** Per key: CPU of React's scheduled work (its scheduler's tasks) from keydown to "painted". */
const reactCpu: number[] = [];
/** Per key: the same within 50 ms of keydown (the key's deferred renders, wherever they fall). */
const reactCpuAll: number[] = [];
const afterFrame: number[] = [];
const afterTasks = new Map<string, number>();

function printTrace(events: TraceEvent[], print: boolean): void {
  if (process.env.THREADS && print) {
    const names = new Map<string, string>();
    for (const e of events)
      if (e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String(e.args?.name));
    const busy = new Map<string, number>();
    for (const e of events) {
      if (e.ph !== 'X' || !/RunTask$|ThreadPool_RunTask|ThreadControllerImpl/.test(e.name))
        continue;
      const k = `${e.pid}:${e.tid} ${names.get(`${e.pid}:${e.tid}`) ?? '?'}`;
      busy.set(k, (busy.get(k) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
    }
    console.log('busy threads during the last key (CPU ms):');
    for (const [k, ms] of [...busy].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`  ${ms.toFixed(1).padStart(7)}  ${k}`);
  }
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events
    .filter(
      (e) =>
        main &&
        e.pid === main.pid &&
        e.tid === main.tid &&
        (e.ph === 'X' || e.name === 'TimeStamp' || /InvalidationTracking/.test(e.name)),
    )
    .sort((a, b) => a.ts - b.ts);
  const key = onMain.find(
    (e) =>
      e.name === 'EventDispatch' &&
      (e.args as { data?: { type?: string } })?.data?.type === 'keydown',
  );
  if (!key) return;
  const tasks = onMain.filter((e) => /RunTask$/.test(e.name));
  const inputTask = tasks.filter((t) => t.ts <= key.ts && t.ts + (t.dur ?? 0) >= key.ts).at(-1);
  const frameTask = onMain.find((e) => e.name === 'FireAnimationFrame' && e.ts > key.ts);
  const frameOuter = frameTask && tasks.filter((t) => t.ts <= frameTask.ts).at(-1);
  if (inputTask) inputCpu.push((inputTask.tdur ?? 0) / 1000);
  if (frameOuter) frameCpu.push((frameOuter.tdur ?? 0) / 1000);
  // The browser's own phases (style, layout, paint…) inside the input task and the frame.
  for (const [where, task] of [
    ['input', inputTask],
    ['frame', frameOuter],
  ] as const) {
    if (!task) continue;
    for (const e of onMain) {
      if (e.ts < task.ts || e.ts >= task.ts + (task.dur ?? 0) || !PHASES.test(e.name)) continue;
      const k = `${where} ${e.name}`;
      phaseCpu.set(k, (phaseCpu.get(k) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
    }
  }
  // From the end of the frame that drew the list to the timer's "painted" mark: what ran between.
  const mark = (m: string) =>
    onMain.find(
      (e) =>
        e.name === 'TimeStamp' &&
        e.ts > key.ts &&
        (e.args as { data?: { message?: string } })?.data?.message === m,
    );
  const painted = mark('painted');
  const reactTask = (t: TraceEvent) => {
    const inner = onMain.find(
      (e) => e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && e !== t && e.name === 'FunctionCall',
    );
    const fn = (inner?.args as { data?: { functionName?: string } })?.data?.functionName;
    return fn === 'performWorkUntilDeadline';
  };
  const reactBefore = (end: number) =>
    tasks
      .filter((t) => t.ts > key.ts && t.ts < end && reactTask(t))
      .reduce((sum, t) => sum + (t.tdur ?? 0) / 1000, 0);
  reactCpuAll.push(reactBefore(key.ts + 50_000));
  if (painted) reactCpu.push(reactBefore(painted.ts));
  if (frameOuter && painted) {
    const frameEnd = frameOuter.ts + (frameOuter.dur ?? 0);
    afterFrame.push((painted.ts - frameEnd) / 1000);
    for (const t of tasks.filter((t) => t.ts >= frameEnd && t.ts < painted.ts)) {
      const inner = onMain.find(
        (e) =>
          e.ts >= t.ts &&
          e !== t &&
          e.ts < t.ts + (t.dur ?? 0) &&
          !/RunTask|OnHandleReady|v8\./.test(e.name),
      );
      const d = (inner?.args as { data?: { type?: string; functionName?: string } })?.data;
      const what = inner ? `${inner.name} ${d?.type ?? d?.functionName ?? ''}`.trim() : '(other)';
      afterTasks.set(what, (afterTasks.get(what) ?? 0) + (t.dur ?? 0) / 1000);
    }
  }
  if (!print) return;
  console.log('\ntrace of the last key (ms from keydown dispatch; wall / cpu):');
  for (const e of onMain) {
    if (e.ts < key.ts - 2000 || e.ts > key.ts + 40_000) continue;
    const data = (e.args as { data?: { type?: string; functionName?: string; message?: string } })
      ?.data;
    if (e.name === 'TimeStamp') {
      console.log(`  ${((e.ts - key.ts) / 1000).toFixed(1).padStart(6)}  ** ${data?.message}`);
      continue;
    }
    if (
      (e.dur ?? 0) < TRACE_MIN_US &&
      !/RunTask$/.test(e.name) &&
      !/Layout|Invalidation/.test(e.name)
    )
      continue;
    // Style and layout events carry their element / dirty object counts.
    const extra = /Layout|Invalidation/.test(e.name)
      ? JSON.stringify(e.args ?? {}).slice(0, Number(process.env.TRACE_ARGS ?? 160))
      : '';
    console.log(
      `  ${((e.ts - key.ts) / 1000).toFixed(1).padStart(6)}  ${((e.dur ?? 0) / 1000).toFixed(1)}/${((e.tdur ?? 0) / 1000).toFixed(1)}  ${e.name} ${data?.type ?? data?.functionName ?? ''} ${extra}`,
    );
  }
}

await main();
