import { expect, test } from '@playwright/test';
import { ConnectPanel } from './pages/connect-panel.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';
import { holdRequests } from './pages/hold-requests.ts';
import { closedOrigin } from './server.ts';

test.describe('connection panel', () => {
  test('a value that changes while you are in the field does not move text under your cursor', async ({
    page,
    request,
  }) => {
    const info = await sandboxInfo(request);
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    // element.click() fills the fields from the sandbox without taking the focus, like a server
    // default or a token refresh arriving while the user is in a field.
    const fillInBackground = () =>
      connection.useSandboxButton.evaluate((b) => (b as HTMLButtonElement).click());

    // In the empty token field, nothing typed: the field waits, then shows the new value on blur.
    const token = connection.token;
    await token.focus();
    await fillInBackground();
    // The fill has landed (the Connect check it starts used the new token)…
    await connection.expectSignedInAs('alice');
    // …and the focused field still shows what the user had.
    await expect(token).toBeFocused();
    await expect(token).toHaveValue('');
    await token.blur();
    await expect(token).toHaveValue(info.tokens.user);
  });

  test('Access token: shows who you are', async ({ page, request }) => {
    const info = await sandboxInfo(request);
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    await connection.connectAs({ baseUrl: info.base_url, token: info.tokens.user }, 'alice');
  });

  test('OAuth bearer: a pasted token response shows the user and the time left', async ({
    page,
    request,
  }) => {
    const info = await sandboxInfo(request);
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    const response = JSON.stringify({
      access_token: info.oauth.access_token,
      token_type: 'Bearer',
      expires_in: info.oauth.expires_in,
      refresh_token: info.oauth.refresh_token,
      client_id: info.oauth.client_id,
    });
    await connection.connectAs(
      { baseUrl: info.base_url, scheme: 'OAuth bearer', token: response },
      'bob',
    );
    // Signed in, the chip shows the time left; the panel says more.
    await expect(connection.chip).toHaveAccessibleName(
      / · token (\d+ h \d+ min|\d+ min \d+ s|\d+ s) left · /,
    );
    await connection.open();
    // The e2e sandbox issues day-long tokens (playwright.config.ts), so hours may show.
    await expect(
      page.getByText(/Token: (\d+ h \d+ min|\d+ min \d+ s|\d+ s) left · refreshes automatically/),
    ).toBeVisible();
    // The field holds the access token itself, not the JSON.
    await expect(connection.token).toHaveValue(info.oauth.access_token);
  });

  test('OAuth bearer: an expired token is never sent', async ({ page, request }) => {
    const info = await sandboxInfo(request);
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    const response = JSON.stringify({ access_token: info.oauth.access_token, expires_in: 0.001 });
    await connection.connect({ baseUrl: info.base_url, scheme: 'OAuth bearer', token: response });
    await expect(connection.status).toContainText(
      /The OAuth token (expired .* ago|has .* left: too little to arrive valid); not sending it/,
    );
  });

  test('OAuth bearer: a token given while the check without one is under way is checked too', async ({
    page,
    request,
  }) => {
    const info = await sandboxInfo(request);
    const connection = new ConnectPanel(page);
    // The checks made before the token is in (no Authorization) wait at the relay's door until
    // it has been given and Connect pressed.
    const tokenless = await holdRequests(
      page,
      '**/relay/graphql?CurrentUser',
      (r) => !r.headers().authorization,
    );
    await page.goto('/debug/console');
    const response = JSON.stringify({ access_token: info.oauth.access_token, expires_in: 0.001 });
    await connection.connect({ baseUrl: info.base_url, scheme: 'OAuth bearer', token: response });
    tokenless.release();
    await expect(connection.status).toContainText(
      /The OAuth token (expired .* ago|has .* left: too little to arrive valid); not sending it/,
    );
  });

  test('Sudo: the admin token acting as another user', async ({ page, request }) => {
    const info = await sandboxInfo(request);
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    await connection.connect({
      baseUrl: info.base_url,
      scheme: 'Sudo',
      token: info.tokens.admin,
      sudoUser: 'bob',
    });
    await connection.expectIdentity('Acting as bob (sudo)');
    // A user's token cannot sudo: the instance's own message is shown.
    await connection.connect({
      baseUrl: info.base_url,
      scheme: 'Sudo',
      token: info.tokens.user,
      sudoUser: 'bob',
    });
    await expect(connection.status).toContainText('401 Unauthorized: Invalid access token.');
  });

  test('a revoked token shows the instance message and what to do', async ({ page, request }) => {
    const info = await sandboxInfo(request);
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    await connection.connect({ baseUrl: info.base_url, token: info.tokens.revoked });
    await expect(connection.status).toContainText('401 Unauthorized: Invalid access token.');
    await expect(connection.status).toContainText('revoked');
  });

  test('an unreachable URL and a URL that is not an instance', async ({
    page,
    request,
    baseURL,
  }) => {
    const info = await sandboxInfo(request);
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    const nowhere = await closedOrigin();
    await connection.connect({ baseUrl: nowhere, token: info.tokens.user });
    await expect(connection.status).toContainText(`Could not reach ${nowhere}`);
    // This console's own server is not an instance.
    await connection.connect({ baseUrl: baseURL!, token: info.tokens.user });
    await expect(connection.status).toContainText(/Not a GraphQL endpoint|not a GraphQL response/);
  });

  test('direct mode says to use the relay when the browser blocks the call', async ({
    page,
    request,
  }) => {
    const info = await sandboxInfo(request);
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    await connection.transport.selectOption('direct');
    await connection.connect({ baseUrl: await closedOrigin(), token: info.tokens.user });
    await expect(connection.status).toContainText('switch Transport to "Relay"');
  });

  test('"Use sandbox" connects in one click; tokens are kept only when Remember is on', async ({
    page,
  }) => {
    const connection = new ConnectPanel(page);
    await page.goto('/debug/console');
    await connection.useSandbox();
    await page.reload();
    await expect(connection.token).toHaveValue('');
    await connection.useSandboxButton.click();
    await connection.expectSignedInAs('alice');
    await connection.open();
    await connection.remember.check();
    await page.reload();
    // A remembered token is checked at start: signed in, the panel stays closed until asked for.
    await connection.expectSignedInAs('alice');
    await expect(connection.region).toBeHidden();
    await connection.open();
    await expect(connection.token).not.toHaveValue('');
    await connection.remember.uncheck();
    const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(stored).not.toContain('sgp_local_');
  });
});

test('a newcomer\'s "Use sandbox" needs no round trip: /sandbox.json is fetched while the panel shows, once', async ({
  page,
}) => {
  const isSandboxJson = (url: string) => new URL(url).pathname === '/sandbox.json';
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (isSandboxJson(r.url())) fetched.push(r.url());
  });
  const ahead = page.waitForResponse((r) => isSandboxJson(r.url()), { timeout: 10_000 });
  await page.goto('/debug/console');
  const connection = new ConnectPanel(page);
  await expect(connection.useSandboxButton).toBeVisible();
  // Before any click or hover: the panel of a profile without a token asked for it.
  expect((await ahead).ok()).toBe(true);
  await connection.useSandboxButton.click();
  await connection.expectSignedInAs('alice');
  // The click used the answer fetched ahead; nothing asked again.
  expect(fetched).toHaveLength(1);
});

test('the panel opened with the chip while a kept token is checked stays open when the check succeeds', async ({
  page,
}) => {
  const connection = new ConnectPanel(page);
  await page.goto('/debug/console');
  await connection.remember.check();
  await connection.useSandbox();
  await connection.expectSignedInAs('alice');
  // The kept token is checked again at start; that check is held until the panel is open.
  const check = await holdRequests(page, '**/relay/graphql?CurrentUser');
  await page.reload();
  await expect.poll(() => check.seen).toBe(true);
  await expect(connection.region).toBeHidden();
  await connection.chip.click();
  await expect(connection.region).toBeVisible();
  check.release();
  await connection.expectSignedInAs('alice');
  // The user came to do something there: the answer to a check they did not start leaves it open.
  await expect(connection.region).toBeVisible();
});

test('a result is shown only while the fields still match it', async ({ page, request }) => {
  const info = await sandboxInfo(request);
  const connection = new ConnectPanel(page);
  await page.goto('/debug/console');
  await connection.connectAs({ baseUrl: info.base_url, token: info.tokens.user }, 'alice');
  await connection.open();
  await connection.token.fill(info.tokens.admin);
  await connection.instanceUrl.focus();
  await expect(page.getByText('Signed in as alice')).toBeHidden();
  await connection.connectButton.click();
  await connection.expectSignedInAs('admin');
});
