import { expect, test, type Page, type Request } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';
import { startExtraServer } from './server.ts';
import { holdRequests } from './pages/hold-requests.ts';

// The schema request leaves as early as the page can (src/app/app.tsx → prefetchSchema in
// src/features/schema/schema.ts): the server's default instance is inlined in the page
// (server/index-html.ts), a remembered connection is known from storage.

const isIntrospection = (r: Request) =>
  r.method() === 'POST' &&
  new URL(r.url()).pathname === '/relay/graphql' &&
  (r.postData() ?? '').includes('IntrospectionQuery');

/** The console's own code (its lazy chunks), which the schema request must not wait for. */
const CONSOLE_CODE = /\/assets\/console[^/]*\.js$/;

/** Remembers a connection (URL, token and "Remember") in this browser profile before any page runs. */
async function rememberConnection(page: Page, baseUrl: string, token: string): Promise<void> {
  await page.addInitScript(
    ([base, secret]) => {
      localStorage.setItem(
        'debug-console:connection',
        JSON.stringify({ baseUrl: base, scheme: 'token', transport: 'relay', remember: true }),
      );
      localStorage.setItem('debug-console:connection-secrets', JSON.stringify({ token: secret }));
    },
    [baseUrl, token] as const,
  );
}

test('the schema request leaves before /config.json could answer (the server’s default instance)', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  // The inlined configuration is a JSON data block: the strict CSP has nothing to refuse.
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  const config = await holdRequests(page, '**/config.json');
  const introspection = page.waitForRequest(isIntrospection);
  const app = new ConsolePage(page);
  await page.goto('/debug/console', { waitUntil: 'commit' });
  const sent = await introspection;
  expect(sent.headers()['x-relay-target']).toBe(info.base_url.replace(/\/$/, ''));
  // Nothing to send but the URL: no token was entered or remembered.
  expect(sent.headers()['authorization']).toBeUndefined();
  config.release();
  // The page knows the default instance without asking.
  await expect(app.connection.instanceUrl).toHaveValue(info.base_url);
  expect(config.seen).toBe(false);
  expect(refused).toEqual([]);
});

test('a remembered connection’s schema is requested before the console’s code has loaded, once, and its token goes only to its own URL', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  const token = info.tokens.user;
  const target = info.base_url.replace(/\/$/, '');
  await rememberConnection(page, info.base_url, token);
  const carried: { url: string; target?: string }[] = [];
  const introspections: Request[] = [];
  page.on('request', (r) => {
    if (isIntrospection(r)) introspections.push(r);
    void r.allHeaders().then((h) => {
      if (Object.values(h).some((v) => v.includes(token)))
        carried.push({ url: r.url(), target: h['x-relay-target'] });
    });
  });
  const consoleCode = await holdRequests(page, CONSOLE_CODE);
  const introspection = page.waitForRequest(isIntrospection);
  const app = new ConsolePage(page);
  await page.goto('/debug/console', { waitUntil: 'commit' });
  const sent = await introspection;
  // The console's code is held (requested or not yet): no editor exists.
  await expect(app.editor('Query editor')).toHaveCount(0);
  expect(sent.headers()['authorization']).toBe(`token ${token}`);
  consoleCode.release();

  // The console adopts that load: Docs list Query's fields without asking again.
  await app.docs.open();
  await expect(
    app.docs.root.getByRole('list', { name: 'Fields of Query' }).getByRole('button', {
      name: 'currentUser',
      exact: true,
    }),
  ).toBeVisible();
  // The hold did hold the console's code (the pattern matched its chunk).
  expect(consoleCode.seen).toBe(true);
  expect(introspections).toHaveLength(1);
  expect(carried.length).toBeGreaterThan(0);
  for (const c of carried) {
    expect(new URL(c.url).pathname).toMatch(/^\/relay\/graphql$/);
    expect(c.target).toBe(target);
  }
  expect(carried.some((c) => c.url.includes(token))).toBe(false);
});

test('“Use sandbox” sends the schema request once: the console adopts the one the fill started', async ({
  page,
}) => {
  const introspections: Request[] = [];
  page.on('request', (r) => {
    if (isIntrospection(r)) introspections.push(r);
  });
  const app = new ConsolePage(page);
  await app.open();
  await expect(app.connection.useSandboxButton).toBeEnabled();
  // The server's default instance, asked at the page's start without a token.
  await expect.poll(() => introspections.length).toBe(1);
  await app.connection.useSandboxButton.click();
  await app.docs.open();
  await expect(
    app.docs.root.getByRole('list', { name: 'Fields of Query' }).getByRole('button', {
      name: 'currentUser',
      exact: true,
    }),
  ).toBeVisible();
  expect(introspections).toHaveLength(2);
  expect(introspections[1]?.headers()['authorization']).toMatch(/^token /);
});

test('GitHub’s schema: Docs list Query’s fields, and completion gets the whole schema built in slices', async ({
  page,
}) => {
  test.setTimeout(180_000); // the sandbox builds data for ~1,600 types at startup
  const server = await startExtraServer({
    SANDBOX_SCHEMA: 'node_modules/@octokit/graphql-schema/schema.graphql',
  });
  try {
    const token = server.info.tokens.user;
    if (!token) throw new Error('the sandbox has no user token');
    await rememberConnection(page, server.info.base_url, token);
    const app = new ConsolePage(page);
    await app.open(`${server.url}/debug/console`);
    await app.docs.open();
    const query = app.docs.root.getByRole('list', { name: 'Fields of Query' });
    // GitHub's Query: codeOfConduct is its first field (SDL order), repository one of ~30.
    await expect(query.getByRole('button', { name: 'codeOfConduct', exact: true })).toBeVisible();
    await expect(query.getByRole('button', { name: 'repository', exact: true })).toBeVisible();

    await app.setEditor('Query editor', '{\n  repository(owner: "a", name: "b") {\n    ');
    await page.keyboard.type('nameWithOw');
    await expect(app.completion(/nameWithOwner/)).toBeVisible();
    await app.completion(/nameWithOwner/).click();
    await expect.poll(() => app.editorText('Query editor')).toContain('nameWithOwner');
  } finally {
    await server.stop();
  }
});

test('a name typed before the schema is in gets its completion list once the schema arrives', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  const token = info.tokens.user;
  if (!token) throw new Error('the sandbox has no user token');
  await rememberConnection(page, info.base_url, token);
  // The introspection answer is held until the name is typed; other requests pass.
  const introspection = await holdRequests(page, '**/relay/graphql', isIntrospection);
  const app = new ConsolePage(page);
  await app.open();
  await app.setEditor('Query editor', '{\n  ');
  await page.keyboard.type('currentU');
  await expect.poll(() => introspection.seen).toBe(true);
  await expect(app.completion(/currentUser/)).toBeHidden();
  introspection.release();
  // No further key: the list comes with the schema.
  await expect(app.completion(/currentUser/)).toBeVisible();
  await app.acceptCompletion(/currentUser/);
  await expect.poll(() => app.editorText('Query editor')).toContain('currentUser');
});
