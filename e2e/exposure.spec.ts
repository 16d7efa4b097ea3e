import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.ts';
import { ConsolePage } from './pages/console-page.ts';

/**
 * A console started with HOST=0.0.0.0 (as in a container) lets a browser in only through the
 * link its banner prints; after that one visit it works as usual, relay included.
 */

let child: ChildProcess | undefined;

/**
 * Starts the real server (built by the webServer's `npm start`) on a free port and returns its
 * banner link.
 */
function startExposed(): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, HOST: '0.0.0.0', PORT: '0', SANDBOX_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const link = /Debug console:\s+(\S+\?auth=\S+)/.exec(out)?.[1];
      if (link) resolve(link);
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    proc.once('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
}

test.afterAll(async () => {
  const proc = child;
  if (!proc || proc.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });
});

test('HOST=0.0.0.0: only the banner link lets a browser in; then the console connects through the relay', async ({
  browser,
}) => {
  const link = await startExposed();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/debug\/console\?auth=/);
  const origin = new URL(link).origin;
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const refused = await page.goto(`${origin}/debug/console`);
    expect(refused?.status()).toBe(401);
    await expect(page.getByText(/opened the link it printed at start/)).toBeVisible();

    const app = new ConsolePage(page);
    await app.open(link);
    await expect(app.editor('Query editor')).toBeVisible();
    expect(page.url()).not.toContain('auth=');
    const cookies = await context.cookies();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });

    await app.connection.useSandbox();
    await app.run();
    await expect(app.responseBody).toContainText('"username": "alice"');

    // The report worker's own requests carry the cookie too.
    const analytics = new AnalyticsPage(page);
    await analytics.navLink.click();
    await analytics.useSandbox();
    await expect(analytics.instanceHost).not.toHaveValue('');
    await analytics.loadReportButton.click();
    await expect(analytics.downloadCsv).toBeEnabled();
  } finally {
    await context.close();
  }
});
