import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { startExtraServer, type ExtraServer } from './server.ts';

// A public sandbox that rate-limits anonymous, unnamed requests (experimentalFeatures
// .rateLimitAnonymous): the instance answers 429 with Retry-After and an empty body.
let server: ExtraServer;
let dir: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-core-'));
  const config = join(dir, 'site.json');
  writeFileSync(
    config,
    JSON.stringify({ 'auth.public': true, experimentalFeatures: { rateLimitAnonymous: 1 } }),
  );
  server = await startExtraServer({ SANDBOX_SITE_CONFIG: config });
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('an empty 429 with Retry-After says when to retry', async ({ page }) => {
  const app = new ConsolePage(page);
  await app.open(`${server.url}/debug/console`);
  await app.connection.instanceUrl.fill(server.info.base_url);
  await app.connection.connectButton.click();
  await expect(page.getByText(/Connected, but not signed in/)).toBeVisible();
  // Unnamed and anonymous: limited after the first request or two.
  await app.setEditor('Query editor', '{ currentUser { username } }');
  const alert = app.response.getByText(/^Rate limited; retry in \d+ s\.$/);
  for (let i = 0; i < 4 && !(await alert.isVisible()); i++) {
    await app.run();
    await expect(app.runButton).toBeVisible();
    await expect(app.statusBar.first()).toHaveText(/^\d{3}/);
  }
  await expect(alert).toBeVisible();
  await expect(app.statusBar.first()).toHaveText('429 Too Many Requests');
});
