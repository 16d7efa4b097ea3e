import { writeFileSync } from 'node:fs';
import { chromium, type CDPSession } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';
import { startServer } from './lib/servers.ts';
import { heapAfterGcMb } from './lib/memory.ts';
import { GITHUB_ENV, openDocsOnGithub, showRepositoryInDocs } from './scenarios/big-schema.ts';

/** Writes a heap snapshot of each dedicated worker beside `out` (`<out>.<worker script>`). */
async function snapshotWorkers(cdp: CDPSession, out: string): Promise<void> {
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
    const file = `${out}.${w.url.split('/').pop()}`;
    writeFileSync(file, chunks.join(''));
    console.log('wrote', file);
  }
}

const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const distDir = process.env.DIST_DIR ?? 'dist-prof';
const out = process.argv[2] ?? 'docs.heapsnapshot';
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
  writeFileSync(out, chunks.join(''));
  console.log('wrote', out);
  if (process.env.WORKERS) await snapshotWorkers(cdp, out);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
