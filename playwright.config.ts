import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium-path.mjs';

const port = Number(process.env.E2E_PORT ?? 4300);
const executablePath = await findChromium();

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: CHROMIUM_ARGS } },
    },
  ],
  webServer: {
    // The same command a user runs; its own port so a running `npm start` does not clash.
    command: 'npm start',
    url: `http://127.0.0.1:${port}/sandbox.json`,
    // The sandbox's demo OAuth token expires 10 minutes after start (SANDBOX_OAUTH_TTL); a
    // suite on a slow machine outlasts that, so this server's demo token lives a day. Specs
    // about expiry use tokens of their own.
    env: { PORT: String(port), SANDBOX_OAUTH_TTL: '86400' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
