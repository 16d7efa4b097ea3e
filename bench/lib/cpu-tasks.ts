import type { Page } from '@playwright/test';

/** One event of a Chrome trace (the fields used here). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall time, µs. */
  dur?: number;
  /** The thread's CPU time, µs. */
  tdur?: number;
  args?: { name?: string };
}

/**
 * Starts a Chrome trace (category `toplevel`, plus `extra`); the returned function stops it and
 * resolves with its events. The browser traces all its processes; `mainThreadTasks` picks the
 * page's.
 */
export async function startTrace(
  page: Page,
  extra: string[] = [],
): Promise<() => Promise<TraceEvent[]>> {
  const browser = page.context().browser();
  if (!browser) throw new Error('tracing needs a launched browser');
  await browser.startTracing(page, { categories: ['toplevel', ...extra] });
  return async () => {
    const buffer = await browser.stopTracing();
    return (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  };
}

/**
 * The top-level tasks of the busiest renderer main thread (the page's: the bench has one page
 * per browser context, so other renderers idle), outermost only.
 */
export function mainThreadTasks(events: TraceEvent[]): TraceEvent[] {
  const byThread = new Map<string, TraceEvent[]>();
  const mainThreads = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !mainThreads.has(key) || !/RunTask$/.test(e.name)) continue;
    const list = byThread.get(key) ?? [];
    list.push(e);
    byThread.set(key, list);
  }
  const cpu = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.tdur ?? 0), 0);
  const busiest = [...byThread.values()].sort((a, b) => cpu(b) - cpu(a))[0] ?? [];
  busiest.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const outer: TraceEvent[] = [];
  let end = -Infinity;
  for (const e of busiest) {
    if (e.ts < end) continue;
    outer.push(e);
    end = e.ts + (e.dur ?? 0);
  }
  return outer;
}

/**
 * The longest task by the main thread's CPU time, in ms: what the longest task would take on a
 * machine where nothing else runs (a `longtask` entry's duration is wall time, which on a busy
 * machine also counts the time other processes had the core).
 */
export function longestCpuTaskMs(tasks: TraceEvent[]): number {
  return tasks.reduce((max, t) => Math.max(max, t.tdur ?? 0), 0) / 1000;
}

/**
 * The page's main-thread tasks by CPU time (load-independent, see `longestCpuTaskMs`) and the
 * trace events of at least `minEventMs` inside the `top` costliest ones, as printable lines.
 */
export function describeCostliestTasks(
  events: TraceEvent[],
  { top, minEventMs, parts }: { top: number; minEventMs: number; parts: number },
): string {
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
  for (const t of [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, top)) {
    const found = inside
      .filter((e) => e.ts > t.ts && e.ts < t.ts + (t.dur ?? 0) && (e.dur ?? 0) >= minEventMs * 1000)
      .map((e) => `${e.name} ${ms(e.dur)}`)
      .slice(0, parts)
      .join(', ');
    lines.push(`  task CPU ${ms(t.tdur)} ms, wall ${ms(t.dur)} ms: ${found}`);
  }
  return lines.join('\n');
}
