import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { startServerWithSiteConfig, type ExtraServer } from './server.ts';

// A public sandbox that rate-limits anonymous, unnamed requests (experimentalFeatures
// .rateLimitAnonymous): the instance answers 429 with Retry-After and an empty body.
let server: ExtraServer;

test.beforeAll(async () => {
  server = await startServerWithSiteConfig({
    'auth.public': true,
    experimentalFeatures: { rateLimitAnonymous: 1 },
  });
});

test.afterAll(async () => {
  await server?.stop();
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
