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
