import { expect, test, type Page } from '@playwright/test';
import { DIAGNOSTICS } from '../src/shared/contracts/diagnostics.ts';
import { connect, responseRegion, sandboxInfo } from './console-core-helpers.ts';

function diagnosticsGroup(page: Page) {
  return page
    .getByRole('region', { name: 'Saved operations' })
    .getByRole('group', { name: 'Diagnostics' });
}

/** Opens a recipe, runs it, and returns what the instance answered (through the real relay). */
async function runRecipe(page: Page, name: string, operation: string) {
  await diagnosticsGroup(page).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const answered = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/relay/graphql' &&
      (r.request().postData() ?? '').includes(`query ${operation}`),
  );
  await page.getByRole('button', { name: 'Run query' }).click();
  const response = await answered;
  await expect(responseRegion(page).getByRole('definition').first()).toHaveText('200 OK');
  return {
    status: response.status(),
    body: (await response.json()) as {
      data?: Record<string, unknown>;
      errors?: { message: string }[];
    },
  };
}

test('every Diagnostics recipe runs against the sandbox as the admin without errors', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const info = await sandboxInfo(request);
  await page.goto('/debug/console');
  await connect(page, { baseUrl: info.base_url, token: info.tokens.admin });
  await expect(page.getByText('Signed in as admin')).toBeVisible();
  await page.getByRole('button', { name: 'Saved operations' }).click();
  // Each recipe is listed with its description.
  for (const r of DIAGNOSTICS)
    await expect(
      diagnosticsGroup(page).getByRole('button', { name: r.name, exact: true }),
    ).toHaveAccessibleDescription(r.description);
  for (const r of DIAGNOSTICS) {
    const operation = /query (\w+)/.exec(r.query)?.[1] ?? '';
    const { status, body } = await runRecipe(page, r.name, operation);
    expect(status, r.name).toBe(200);
    expect(body.errors, r.name).toBeUndefined();
    expect(Object.values(body.data ?? {}).length, r.name).toBeGreaterThan(0);
    expect(
      Object.values(body.data ?? {}).every((v) => v !== null),
      r.name,
    ).toBe(true);
  }
});

test('site-admin-only recipes answer a non-admin with the instance error', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  await page.goto('/debug/console');
  await connect(page, { baseUrl: info.base_url, token: info.tokens.user });
  await expect(page.getByText('Signed in as alice')).toBeVisible();
  await page.getByRole('button', { name: 'Saved operations' }).click();
  const { status, body } = await runRecipe(page, 'Repository storage totals', 'RepositoryStats');
  expect(status).toBe(200);
  expect(body.errors?.map((e) => e.message)).toEqual(['must be site admin']);
  await expect(responseRegion(page)).toContainText('must be site admin');
  // Recipes that need no admin still work for this user.
  const me = await runRecipe(page, 'Who am I', 'WhoAmI');
  expect(me.body.errors).toBeUndefined();
  expect(me.body.data).toMatchObject({ currentUser: { username: 'alice', siteAdmin: false } });
});
