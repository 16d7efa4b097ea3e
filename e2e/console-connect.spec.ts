import { expect, test, type Page } from '@playwright/test';
import { connect, sandboxInfo } from './console-core-helpers.ts';

const status = (page: Page) => page.getByRole('region', { name: 'Connection' }).getByRole('status');

test.describe('connection panel', () => {
  test('a value that changes while you are in the field does not move text under your cursor', async ({
    page,
    request,
  }) => {
    const info = await sandboxInfo(request);
    await page.goto('/debug/console');
    const sandbox = page.getByRole('button', { name: 'Use sandbox' });
    // element.click() fills the fields from the sandbox without taking the focus, like a server
    // default or a token refresh arriving while the user is in a field.
    const fillInBackground = () => sandbox.evaluate((b) => (b as HTMLButtonElement).click());

    // In the empty token field, nothing typed: the field waits, then shows the new value on blur.
    const token = page.getByRole('textbox', { name: 'Access token' });
    await token.focus();
    await fillInBackground();
    // The fill has landed (the Connect check it starts used the new token)…
    await expect(status(page)).toHaveText('Signed in as alice');
    // …and the focused field still shows what the user had.
    await expect(token).toBeFocused();
    await expect(token).toHaveValue('');
    await token.blur();
    await expect(token).toHaveValue(info.tokens.user);
  });

  test('Access token: shows who you are', async ({ page, request }) => {
    const info = await sandboxInfo(request);
    await page.goto('/debug/console');
    await connect(page, { baseUrl: info.base_url, token: info.tokens.user });
    await expect(status(page)).toHaveText('Signed in as alice');
  });

  test('OAuth bearer: a pasted token response shows the user and the time left', async ({
    page,
    request,
  }) => {
    const info = await sandboxInfo(request);
    await page.goto('/debug/console');
    const response = JSON.stringify({
      access_token: info.oauth.access_token,
      token_type: 'Bearer',
      expires_in: info.oauth.expires_in,
      refresh_token: info.oauth.refresh_token,
      client_id: info.oauth.client_id,
    });
    await connect(page, { baseUrl: info.base_url, scheme: 'OAuth bearer', token: response });
    await expect(status(page)).toHaveText('Signed in as bob');
    await expect(
      page.getByText(/Token: \d+ min \d+ s left · refreshes automatically/),
    ).toBeVisible();
    // The field holds the access token itself, not the JSON.
    await expect(page.getByRole('textbox', { name: 'Access token' })).toHaveValue(
      info.oauth.access_token,
    );
  });

  test('OAuth bearer: an expired token is never sent', async ({ page, request }) => {
    const info = await sandboxInfo(request);
    await page.goto('/debug/console');
    const response = JSON.stringify({ access_token: info.oauth.access_token, expires_in: 0.001 });
    await connect(page, { baseUrl: info.base_url, scheme: 'OAuth bearer', token: response });
    await expect(status(page)).toContainText(/The OAuth token expired .* ago; not sending it/);
  });

  test('Sudo: the admin token acting as another user', async ({ page, request }) => {
    const info = await sandboxInfo(request);
    await page.goto('/debug/console');
    await connect(page, {
      baseUrl: info.base_url,
      scheme: 'Sudo',
      token: info.tokens.admin,
      sudoUser: 'bob',
    });
    await expect(status(page)).toHaveText('Acting as bob (sudo)');
    // A user's token cannot sudo: the instance's own message is shown.
    await connect(page, {
      baseUrl: info.base_url,
      scheme: 'Sudo',
      token: info.tokens.user,
      sudoUser: 'bob',
    });
    await expect(status(page)).toContainText('401 Unauthorized: Invalid access token.');
  });

  test('a revoked token shows the instance message and what to do', async ({ page, request }) => {
    const info = await sandboxInfo(request);
    await page.goto('/debug/console');
    await connect(page, { baseUrl: info.base_url, token: info.tokens.revoked });
    await expect(status(page)).toContainText('401 Unauthorized: Invalid access token.');
    await expect(status(page)).toContainText('revoked');
  });

  test('an unreachable URL and a URL that is not an instance', async ({
    page,
    request,
    baseURL,
  }) => {
    const info = await sandboxInfo(request);
    await page.goto('/debug/console');
    await connect(page, { baseUrl: 'http://127.0.0.1:4449', token: info.tokens.user });
    await expect(status(page)).toContainText('Could not reach http://127.0.0.1:4449');
    // This console's own server is not an instance.
    await connect(page, { baseUrl: baseURL!, token: info.tokens.user });
    await expect(status(page)).toContainText(/Not a GraphQL endpoint|not a GraphQL response/);
  });

  test('direct mode says to use the relay when the browser blocks the call', async ({
    page,
    request,
  }) => {
    const info = await sandboxInfo(request);
    await page.goto('/debug/console');
    await page.getByRole('combobox', { name: 'Transport' }).selectOption('direct');
    await connect(page, { baseUrl: 'http://127.0.0.1:4449', token: info.tokens.user });
    await expect(status(page)).toContainText('switch Transport to "Relay"');
  });

  test('"Use sandbox" connects in one click; tokens are kept only when Remember is on', async ({
    page,
  }) => {
    await page.goto('/debug/console');
    await page.getByRole('button', { name: 'Use sandbox' }).click();
    await expect(status(page)).toHaveText('Signed in as alice');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Access token' })).toHaveValue('');
    await page.getByRole('button', { name: 'Use sandbox' }).click();
    await page.getByRole('checkbox', { name: 'Remember on this device' }).check();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Access token' })).not.toHaveValue('');
    await page.getByRole('checkbox', { name: 'Remember on this device' }).uncheck();
    const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
    expect(stored).not.toContain('sgp_local_');
  });
});

test('a result is shown only while the fields still match it', async ({ page, request }) => {
  const info = await sandboxInfo(request);
  await page.goto('/debug/console');
  await connect(page, { baseUrl: info.base_url, token: info.tokens.user });
  await expect(page.getByText('Signed in as alice')).toBeVisible();
  await page.getByRole('textbox', { name: 'Access token' }).fill(info.tokens.admin);
  await page.getByRole('textbox', { name: 'Instance URL' }).focus();
  await expect(page.getByText('Signed in as alice')).toBeHidden();
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Signed in as admin')).toBeVisible();
});
