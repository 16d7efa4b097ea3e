import { expect, test } from '@playwright/test';
import { DIAGNOSTICS } from '../src/shared/contracts/diagnostics.ts';
import { ConsolePage } from './pages/console-page.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';

function diagnosticsGroup(app: ConsolePage) {
  return app.savedOperations.getByRole('group', { name: 'Diagnostics' });
}

/** Opens a recipe, runs it, and returns what the instance answered (through the real relay). */
async function runRecipe(app: ConsolePage, name: string, operation: string) {
  const page = app.page;
  await diagnosticsGroup(app).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const answered = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/relay/graphql' &&
      (r.request().postData() ?? '').includes(`query ${operation}`),
  );
  await app.run();
  const response = await answered;
  await expect(app.statusBar.first()).toHaveText('200 OK');
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
  const app = new ConsolePage(page);
  await app.open();
  await app.connection.connectAs({ baseUrl: info.base_url, token: info.tokens.admin }, 'admin');
  await app.savedOperationsButton.click();
  // Each recipe is listed with its description.
  for (const r of DIAGNOSTICS)
    await expect(
      diagnosticsGroup(app).getByRole('button', { name: r.name, exact: true }),
    ).toHaveAccessibleDescription(r.description);
  for (const r of DIAGNOSTICS) {
    const operation = /query (\w+)/.exec(r.query)?.[1] ?? '';
    const { status, body } = await runRecipe(app, r.name, operation);
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
  const app = new ConsolePage(page);
  await app.open();
  await app.connection.connectAs({ baseUrl: info.base_url, token: info.tokens.user }, 'alice');
  await app.savedOperationsButton.click();
  const { status, body } = await runRecipe(app, 'Repository storage totals', 'RepositoryStats');
  expect(status).toBe(200);
  expect(body.errors?.map((e) => e.message)).toEqual(['must be site admin']);
  await expect(app.response).toContainText('must be site admin');
  // Recipes that need no admin still work for this user.
  const me = await runRecipe(app, 'Who am I', 'WhoAmI');
  expect(me.body.errors).toBeUndefined();
  expect(me.body.data).toMatchObject({ currentUser: { username: 'alice', siteAdmin: false } });
});
