import { expect, test, type Page } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';

// Which worker threads a console page keeps: each is a thread and a heap of its own, part of the
// page's memory for as long as it lives (src/features/schema/schema-worker.ts,
// src/features/console/response/use-response-viewer.ts).

/** Names of the page's dedicated workers that are running now, by script (`schema`, `docs`, …). */
function runningWorkers(page: Page): string[] {
  return page.workers().map((w) => /\/([a-z]+)\.worker-[^/]*\.js$/.exec(w.url())?.[1] ?? w.url());
}

test('the schema worker ends once the schema is read; the response worker starts with the first run', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  /** When each kind of worker first started, on the test's clock. */
  const startedAt = new Map<string, number>();
  page.on('worker', (w) => {
    const name = /\/([a-z]+)\.worker-[^/]*\.js$/.exec(w.url())?.[1] ?? w.url();
    if (!startedAt.has(name)) startedAt.set(name, Date.now());
  });
  // The response worker's client is fetched in idle time after the first render, without
  // starting the worker: waiting for it makes "not before the run" mean something.
  const responseReader = page.waitForResponse((r) => /\/read-response-[^/]*\.js$/.test(r.url()));
  await app.open();
  await app.connection.useSandboxButton.click();
  await app.docs.openSchema();
  await expect(app.docs.root.getByRole('list', { name: 'Fields of Query' })).toBeVisible();
  await responseReader;
  // The schema was read by the schema worker (search needs the Docs worker, which stays).
  expect(startedAt.has('schema')).toBe(true);
  await expect.poll(() => runningWorkers(page)).not.toContain('schema');
  await expect(app.docs.search).toBeVisible();
  await app.docs.search.fill('Query');
  await expect(app.docs.options.first()).toBeVisible();
  expect(runningWorkers(page)).toContain('docs');

  const runAt = Date.now();
  await app.runQuery('{ __typename }');
  await expect(app.responseBody).toContainText('__typename');
  await expect.poll(() => startedAt.get('format')).toBeGreaterThanOrEqual(runAt);

  // "Refetch schema" starts a schema worker again, and it ends again.
  const reread = page.waitForEvent('worker', (w) => /\/schema\.worker-/.test(w.url()));
  await app.docs.button('Refetch schema').click();
  await reread;
  await expect.poll(() => runningWorkers(page)).not.toContain('schema');
});
