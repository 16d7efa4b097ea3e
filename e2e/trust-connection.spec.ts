import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { expect, test } from '@playwright/test';
import { ConnectPanel } from './pages/connect-panel.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';
import { holdRequests } from './pages/hold-requests.ts';
import { listenOnFreePort } from './server.ts';

// Issue 11, items 4 and 6: a connection is committed only by a deliberate act, a pasted token is
// checked at once, and a redirect is never followed.

interface Seen {
  method: string;
  url: string;
  authorization?: string;
}

/** A raw upstream on a free port: records requests, answers with `answer`. */
async function upstream(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
    });
    req.resume();
    req.on('end', () => answer(req, res));
  });
  const url = await listenOnFreePort(server);
  return { url, seen, close: () => new Promise((ok) => server.close(() => ok())) };
}

const graphql = (res: ServerResponse, username: string) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ data: { currentUser: { username } } }));
};

test('pasting a token shows who it belongs to without pressing Connect', async ({
  page,
  request,
  context,
}) => {
  const info = await sandboxInfo(request);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const connection = new ConnectPanel(page);
  await page.goto('/debug/console');
  await connection.enterInstanceUrl(info.base_url);
  const token = connection.token;
  await token.focus();
  await page.evaluate((t) => navigator.clipboard.writeText(t), info.tokens.user);
  await page.keyboard.press('ControlOrMeta+v');
  await connection.expectSignedInAs('alice');
  // The field still has the focus: nothing but the paste happened.
  await expect(token).toBeFocused();
});

test('a token pasted while the check of the URL alone is under way is checked too', async ({
  page,
  request,
  context,
}) => {
  const info = await sandboxInfo(request);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The check that Enter in the URL field starts (no token yet) is held at the relay's door
  // until the token has been pasted, so the paste's check is asked for while it is under way.
  const urlCheck = await holdRequests(
    page,
    '**/relay/graphql?CurrentUser',
    (r) => !r.headers().authorization,
  );
  const connection = new ConnectPanel(page);
  await page.goto('/debug/console');
  await connection.enterInstanceUrl(info.base_url);
  await expect.poll(() => urlCheck.seen).toBe(true);
  await connection.token.focus();
  await page.evaluate((t) => navigator.clipboard.writeText(t), info.tokens.user);
  await page.keyboard.press('ControlOrMeta+v');
  await expect(connection.token).toHaveValue(info.tokens.user);
  urlCheck.release();
  await connection.expectSignedInAs('alice');
});

test('signing in moves the workbench once: the panel gives way, the focus goes to the chip', async ({
  page,
}) => {
  const connection = new ConnectPanel(page);
  await page.goto('/debug/console');
  // The query editor's pane (its text box's left edge moves when the language adds a gutter).
  const editor = page.locator('.query-pane');
  await expect(connection.useSandboxButton).toBeVisible();
  const before = (await editor.boundingBox())!;
  // While the check is under way nothing moves: the status line keeps its height.
  const checks = await holdRequests(page, '**/relay/graphql?CurrentUser');
  await connection.useSandboxButton.click();
  await expect.poll(() => checks.seen).toBe(true);
  expect(await editor.boundingBox()).toEqual(before);
  checks.release();
  // Signed in, the panel closes and the editor takes its place under the top bar.
  await connection.expectSignedInAs('alice');
  await expect(connection.region).toBeHidden();
  await expect(connection.chip).toBeFocused();
  const after = (await editor.boundingBox())!;
  expect(after.y).toBeLessThan(before.y);
  expect(after.y).toBeLessThanOrEqual(56);
});

test('a half-typed Instance URL never receives the token, however long the pause', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  const up = await upstream((_req, res) => graphql(res, 'half-typed-test'));
  const halfTyped = up.url.slice(0, -1);
  // Every instance the page asked the relay (or anything else) to talk to, with the token.
  const targets: string[] = [];
  page.on('request', (r) => {
    const h = r.headers();
    if (h.authorization) targets.push(h['x-relay-target'] ?? r.url());
  });
  try {
    // The page's clock is ours: the user's pause below is clock time, not a wait of the test.
    await page.clock.install();
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    await connection.enterToken(info.tokens.user);
    const url = connection.instanceUrl;
    await url.fill('');
    // The user types the URL but the port's last digit, pauses (longer than the 800 ms after
    // which the console used to commit what was there), then types the last digit.
    await url.pressSequentially(halfTyped);
    await page.clock.runFor(5000); // every timer of a 5 s pause fires
    await url.pressSequentially(up.url.slice(-1));
    await url.press('Enter');
    await connection.expectSignedInAs('half-typed-test');
    expect(up.seen.length).toBeGreaterThan(0);
    expect(up.seen.every((r) => r.authorization === `token ${info.tokens.user}`)).toBe(true);
    // The token went to the sandbox (at start) and the full URL, never to the half-typed one.
    expect(targets).not.toContain(halfTyped);
    expect(targets).toContain(up.url);
  } finally {
    await up.close();
  }
});

test('a typed Instance URL survives a reload as typed, without becoming the connection', async ({
  page,
}) => {
  const up = await upstream((_req, res) => graphql(res, 'never'));
  try {
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    const url = connection.instanceUrl;
    await url.fill(up.url);
    await page.reload();
    await expect(url).toHaveValue(up.url);
    expect(up.seen).toEqual([]);
    // Leaving the field is a deliberate act: now it is the connection.
    await url.focus();
    await url.blur();
    await connection.expectSignedInAs('never');
  } finally {
    await up.close();
  }
});

test('an instance that redirects (http → elsewhere) is named, never followed, and one click away', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  const target = await upstream((_req, res) => graphql(res, 'redirect-target'));
  const redirecting = await upstream((_req, res) => {
    res.writeHead(307, { Location: `${target.url}/.api/graphql` });
    res.end();
  });
  try {
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    await connection.enterToken(info.tokens.user);
    await connection.enterInstanceUrl(redirecting.url);
    await expect(connection.status).toContainText(
      `The instance redirects to ${target.url}/.api/graphql`,
    );
    await expect(connection.status).not.toContainText('npm start');
    // The browser did not follow: the target saw nothing, the token went nowhere else.
    expect(target.seen).toEqual([]);
    await connection.status.getByRole('button', { name: `Use ${target.url}` }).click();
    await connection.expectSignedInAs('redirect-target');
    await connection.open();
    await expect(connection.instanceUrl).toHaveValue(target.url);
  } finally {
    await redirecting.close();
    await target.close();
  }
});

test('direct mode: a redirect gets a clear message, not a network failure', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'authorization, content-type',
    'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
  };
  const redirecting = await upstream((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      return res.end();
    }
    res.writeHead(301, { ...cors, Location: `https://${req.headers.host}/.api/graphql` });
    res.end();
  });
  const https = redirecting.url.replace(/^http:/, 'https:');
  try {
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    await connection.transport.selectOption('direct');
    await connection.enterToken(info.tokens.user);
    await connection.enterInstanceUrl(redirecting.url);
    await expect(connection.status).toContainText('answers with a redirect');
    await expect(connection.status.getByRole('button', { name: `Use ${https}` })).toBeVisible();
    await expect(connection.status).not.toContainText(/npm start|Could not reach/);
  } finally {
    await redirecting.close();
  }
});

test('a remembered token whose Instance URL was cleared never goes to the default instance', async ({
  page,
}) => {
  // The token was entered for the instance `up`; the page's default instance is the sandbox.
  const up = await upstream((_req, res) => graphql(res, 'bob'));
  const secret = 'sgp_entered-for-up-only';
  /** Where a request carrying the token went (the relay's target, or the URL in direct mode). */
  const targets: string[] = [];
  page.on('request', (req) => {
    if (req.headers()['authorization']?.includes(secret))
      targets.push(req.headers()['x-relay-target'] ?? req.url());
  });
  try {
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    await connection.remember.check();
    await connection.enterInstanceUrl(up.url);
    await connection.enterToken(secret);
    await connection.expectSignedInAs('bob');
    // The user empties the Instance URL (to type another later) and comes back another day.
    await connection.enterInstanceUrl('');
    await page.reload();
    await expect(connection.token).toHaveValue(secret);
    // The server's default does not fill in an Instance URL the token was not entered for.
    await expect(connection.instanceUrl).toHaveValue('');
    await connection.enterInstanceUrl(up.url);
    await connection.expectSignedInAs('bob');
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((t) => !t.startsWith(up.url))).toEqual([]);
  } finally {
    await up.close();
  }
});
