/**
 * Where the page's memory goes after Docs with GitHub's schema (big-schema's flow: "Use
 * sandbox", Docs, search `Repository`, Enter): heap snapshots of the page and of each worker,
 * after GC, summarized by what holds the memory (`lib/heap-snapshot.ts`): kinds of nodes, the
 * owners whose bytes nothing else keeps alive, the largest strings.
 *
 *   npx vite build --minify false --outDir dist-prof     # readable constructor names
 *   DIST_DIR=dist-prof node --import tsx bench/profile-docs-heap.ts [out.heapsnapshot]
 *
 * With a file name, the snapshots are also written (`<out>`, `<out>.<worker script>`) for
 * DevTools' Memory panel. Not part of `npm run bench`: it shows where memory goes, the bench
 * measures how much.
 */
import { writeFileSync } from 'node:fs';
import { chromium, type CDPSession } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';
import { startServer } from './lib/servers.ts';
import { heapAfterGcMb } from './lib/memory.ts';
import { printHeapSummary, summarizeHeapSnapshot } from './lib/heap-snapshot.ts';
import { GITHUB_ENV, openDocsOnGithub, showRepositoryInDocs } from './scenarios/big-schema.ts';

/** Summarizes a heap snapshot of each dedicated worker (and writes it beside `out`). */
async function snapshotWorkers(cdp: CDPSession, out: string | undefined): Promise<void> {
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  for (const w of targetInfos.filter((t) => t.type === 'worker')) {
    const { sessionId } = (await cdp.send('Target.attachToTarget', {
      targetId: w.targetId,
      flatten: false,
    })) as { sessionId: string };
    const chunks: string[] = [];
    let nextId = 1;
    const call = (method: string, params = {}) =>
      new Promise<void>((resolve) => {
        const id = nextId++;
        const onMessage = (e: { sessionId?: string; message: string }) => {
          if (e.sessionId !== sessionId) return;
          const msg = JSON.parse(e.message) as {
            id?: number;
            method?: string;
            params?: { chunk: string };
          };
          if (msg.method === 'HeapProfiler.addHeapSnapshotChunk' && msg.params)
            chunks.push(msg.params.chunk);
          if (msg.id !== id) return;
          cdp.off('Target.receivedMessageFromTarget', onMessage);
          resolve();
        };
        cdp.on('Target.receivedMessageFromTarget', onMessage);
        void cdp.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method, params }),
        });
      });
    await call('HeapProfiler.enable');
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    const script = w.url.split('/').pop() ?? w.url;
    printHeapSummary(`worker ${script}`, summarizeHeapSnapshot(chunks.join('')));
    if (out) writeFileSync(`${out}.${script}`, chunks.join(''));
  }
}

const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const distDir = process.env.DIST_DIR ?? 'dist-prof';
const out = process.argv[2];
const server = await startServer(port, distDir, GITHUB_ENV);
const browser = await chromium.launch({
  executablePath: await findChromium(),
  args: CHROMIUM_ARGS,
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openDocsOnGithub(page, server);
  await showRepositoryInDocs(page);
  const cdp = await context.newCDPSession(page);
  console.log('heap after GC', (await heapAfterGcMb(cdp)).toFixed(2), 'MB');
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (e) => chunks.push(e.chunk));
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  printHeapSummary('page', summarizeHeapSnapshot(chunks.join('')));
  if (out) writeFileSync(out, chunks.join(''));
  await snapshotWorkers(cdp, out);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
