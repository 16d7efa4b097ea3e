import { readFileSync } from 'node:fs';
import type { Browser, CDPSession } from '@playwright/test';

/** Memory of one Chromium process, from Linux's `/proc/<pid>/…`, in MB (NaN off Linux). */
export interface ProcessMemory {
  pid: number;
  /** Chromium's name for it: browser, renderer, gpu-process, utility, … */
  type: string;
  /** Resident now (VmRSS). */
  rssMb: number;
  /** The most it has been resident since it started (VmHWM). */
  peakMb: number;
  /**
   * Proportional set size now: its private pages plus its share of pages it shares. On a shared
   * machine the share moves with other people's Chromium processes mapping the same libraries.
   */
  pssMb: number;
  /** Pages no other process maps (Private_Clean + Private_Dirty): what only this process holds. */
  privateMb: number;
}

function readMb(path: string, field: string): number {
  try {
    const text = readFileSync(path, 'utf8');
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1]) / 1024;
  } catch {
    return NaN; // gone, or not Linux
  }
}

function processMemory(pid: number, type: string): ProcessMemory {
  const rollup = `/proc/${pid}/smaps_rollup`;
  return {
    pid,
    type,
    rssMb: readMb(`/proc/${pid}/status`, 'VmRSS'),
    peakMb: readMb(`/proc/${pid}/status`, 'VmHWM'),
    pssMb: readMb(rollup, 'Pss'),
    privateMb: readMb(rollup, 'Private_Clean') + readMb(rollup, 'Private_Dirty'),
  };
}

/** Every process of `browser` (browser, renderers, GPU, utilities), from `SystemInfo.getProcessInfo`. */
async function browserProcesses(browser: Browser): Promise<{ id: number; type: string }[]> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    return processInfo;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/**
 * The renderer process that holds the most memory: the page's whole renderer (its main thread,
 * its dedicated workers, Blink, V8's heaps, decoded strings), as Chromium's task manager shows
 * it, when the browser holds one live page (the bench launches a browser per page).
 */
export async function largestRendererMemory(browser: Browser): Promise<ProcessMemory | undefined> {
  let largest: ProcessMemory | undefined;
  for (const p of await browserProcesses(browser)) {
    if (p.type !== 'renderer') continue;
    const m = processMemory(p.id, p.type);
    if (!largest || m.rssMb > largest.rssMb) largest = m;
  }
  return largest;
}

/** Peaks seen by `sampleMemory` over the time it ran. */
export interface MemoryPeaks {
  /**
   * The largest sum of private memory over all the browser's processes (Blob bytes live in the
   * browser process); shared libraries left out, so other processes on the machine do not move it.
   */
  allPrivateMb: number;
  /** The largest renderer private memory seen. */
  rendererPrivateMb: number;
  samples: number;
}

/**
 * Samples the private memory of every process of `browser` every `everyMs` until the returned
 * `stop` is called: the whole browser's memory at its peak, which a renderer-only or heap-only
 * figure misses (a Blob's bytes are held by the browser process, not the page's renderer).
 */
export function sampleMemory(browser: Browser, everyMs = 250): () => Promise<MemoryPeaks> {
  const peaks: MemoryPeaks = { allPrivateMb: 0, rendererPrivateMb: 0, samples: 0 };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      try {
        let all = 0;
        for (const p of await browserProcesses(browser)) {
          const m = processMemory(p.id, p.type);
          if (!Number.isFinite(m.privateMb)) continue;
          all += m.privateMb;
          if (p.type === 'renderer')
            peaks.rendererPrivateMb = Math.max(peaks.rendererPrivateMb, m.privateMb);
        }
        peaks.allPrivateMb = Math.max(peaks.allPrivateMb, all);
        peaks.samples++;
      } catch {
        // the browser is closing
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    return peaks.samples ? peaks : { allPrivateMb: NaN, rendererPrivateMb: NaN, samples: 0 };
  };
}

interface HeapUsage {
  usedSize: number;
  /** ArrayBuffer backing stores (typed arrays live here, outside usedSize). */
  backingStorageSize?: number;
}

/** JS heap after two full GCs (the second frees what the first's finalizers released), in MB. */
async function heapAfterGc(
  call: (method: string) => Promise<unknown>,
  withBuffers: boolean,
): Promise<number> {
  await call('HeapProfiler.enable');
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.collectGarbage');
  const u = (await call('Runtime.getHeapUsage')) as HeapUsage;
  return (u.usedSize + (withBuffers ? (u.backingStorageSize ?? 0) : 0)) / (1024 * 1024);
}

/** The page's JS heap after GC, in MB; with `withBuffers`, ArrayBuffer backing stores too. */
export function heapAfterGcMb(cdp: CDPSession, withBuffers = false): Promise<number> {
  return heapAfterGc((m) => cdp.send(m as 'Runtime.getHeapUsage'), withBuffers);
}

/**
 * Each dedicated worker of the page after GC, through the page's CDP session: its script's URL
 * and heap in MB (with `withBuffers`, ArrayBuffer backing stores too). A worker that does not
 * answer is left out.
 */
export async function workerHeapsAfterGcMb(
  cdp: CDPSession,
  withBuffers = false,
): Promise<{ url: string; mb: number }[]> {
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  const out: { url: string; mb: number }[] = [];
  for (const worker of targetInfos.filter((t) => t.type === 'worker')) {
    try {
      const { sessionId } = (await cdp.send('Target.attachToTarget', {
        targetId: worker.targetId,
        flatten: false,
      })) as { sessionId: string };
      let nextId = 1;
      const call = (method: string) =>
        new Promise<unknown>((resolve, reject) => {
          const id = nextId++;
          const onMessage = (e: { sessionId?: string; message: string }) => {
            if (e.sessionId !== sessionId) return;
            const msg = JSON.parse(e.message) as { id?: number; result?: unknown; error?: unknown };
            if (msg.id !== id) return;
            cdp.off('Target.receivedMessageFromTarget', onMessage);
            if (msg.error) reject(new Error(JSON.stringify(msg.error)));
            else resolve(msg.result ?? {});
          };
          cdp.on('Target.receivedMessageFromTarget', onMessage);
          void cdp.send('Target.sendMessageToTarget', {
            sessionId,
            message: JSON.stringify({ id, method }),
          });
        });
      out.push({ url: worker.url, mb: await heapAfterGc(call, withBuffers) });
      await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => {});
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
