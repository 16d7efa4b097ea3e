import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ConnectPanel } from './pages/connect-panel.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';

// Issue 14 §2: connection profiles switched in one click; each keeps its own token.

test('switching profiles switches identity, and never sends one profile’s token to another', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  const sent: string[] = [];
  page.on('request', (r) => {
    const auth = r.headers().authorization;
    if (auth) sent.push(auth);
  });
  const connection = new ConnectPanel(page);
  await page.goto('/debug/console');
  const profile = connection.profile;
  await expect(profile).toHaveValue('default');
  await connection.useSandbox();
  await connection.open();

  // A second profile: same instance, no token until one is entered for it.
  await page.getByRole('button', { name: 'New profile' }).click();
  await page.getByRole('textbox', { name: 'Profile name' }).fill('Admin');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(profile.locator('option:checked')).toHaveText('Admin');
  const token = connection.token;
  await expect(token).toHaveValue('');
  sent.length = 0;
  await connection.enterToken(info.tokens.admin);
  await connection.expectSignedInAs('admin');
  expect(sent.every((a) => a === `token ${info.tokens.admin}`)).toBe(true);

  // One click each way; each profile brings its own identity.
  sent.length = 0;
  await profile.focus(); // as a click on it does: the token field is left
  await profile.selectOption({ label: 'Default' });
  await connection.expectSignedInAs('alice');
  await expect(token).toHaveValue(info.tokens.user);
  expect(sent).not.toContain(`token ${info.tokens.admin}`);
  sent.length = 0;
  await profile.selectOption({ label: 'Admin' });
  await connection.expectSignedInAs('admin');
  expect(sent).not.toContain(`token ${info.tokens.user}`);

  // The export holds the profiles, never a token.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export profiles' }).click();
  const file = readFileSync((await (await download).path())!, 'utf8');
  expect(JSON.parse(file).profiles.map((p: { name: string }) => p.name)).toEqual([
    'Default',
    'Admin',
  ]);
  expect(file).not.toContain(info.tokens.admin);
  expect(file).not.toContain(info.tokens.user);
});
