import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { buildSchema, graphql, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { ConnectPanel } from './pages/connect-panel.ts';
import { ConsolePage } from './pages/console-page.ts';
import type { DocsPanel } from './pages/docs-panel.ts';
import { listenOnFreePort, startExtraServer } from './server.ts';
import { holdRequests } from './pages/hold-requests.ts';

// Docs panel against the real page and the sandbox.

/**
 * Fills the connection from the sandbox of the page's server (without waiting for a user: some
 * schemas here have none) and opens the Docs panel once the schema is in.
 */
async function openDocs(page: Page, url = '/debug/console'): Promise<DocsPanel> {
  const app = new ConsolePage(page);
  await app.open(url);
  await app.connection.useSandboxButton.click();
  await app.docs.openSchema();
  return app.docs;
}

let github: GraphQLSchema | undefined;

/** Non-deprecated field names of a GitHub type, in SDL order (the order the Docs list them). */
function githubFields(type: string): string[] {
  github ??= buildSchema(
    readFileSync('node_modules/@octokit/graphql-schema/schema.graphql', 'utf8'),
    {
      assumeValidSDL: true,
    },
  );
  const t = github.getType(type) as GraphQLObjectType;
  return Object.values(t.getFields())
    .filter((f) => f.deprecationReason == null)
    .map((f) => f.name);
}

function tempSchema(sdl: string): { file: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'docs-e2e-'));
  const file = join(dir, 'schema.graphql');
  writeFileSync(file, sdl);
  return { file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

test('navigate Query → a type → a field’s type, and back with the panel and the browser', async ({
  page,
}) => {
  const panel = await openDocs(page);
  await panel.rootTypes.getByRole('button', { name: 'Query', exact: true }).click();
  await expect(panel.typePage('Query')).toBeVisible();
  const urlBefore = page.url();

  // Query.repositories: RepositoryConnection! → its type page.
  await panel.link('RepositoryConnection').first().click();
  const conn = panel.typePage('RepositoryConnection');
  await expect(conn).toBeVisible();
  await expect(conn.getByText('RepositoryConnection!')).toHaveCount(0); // wrappers are outside the link
  await expect(conn.getByRole('listitem').filter({ hasText: 'nodes' })).toContainText(
    '[Repository!]!',
  );

  // A field's type: pageInfo → PageInfo.
  await conn.getByRole('button', { name: 'PageInfo', exact: true }).click();
  await expect(panel.typePage('PageInfo')).toBeVisible();
  await expect(panel.root.getByRole('navigation', { name: 'Docs breadcrumb' })).toContainText(
    /Schema.*Query.*RepositoryConnection.*PageInfo/,
  );

  await panel.button('Back').click();
  await expect(panel.typePage('RepositoryConnection')).toBeVisible();
  await page.goBack();
  await expect(panel.typePage('Query')).toBeVisible();
  expect(page.url()).toBe(urlBefore); // same URL, fragment untouched
  await panel.button('Forward').click();
  await expect(panel.typePage('RepositoryConnection')).toBeVisible();
});

test('search finds a field by prefix, keyboard navigable', async ({ page }) => {
  const panel = await openDocs(page);
  const box = panel.search;
  await box.fill('currentU');
  const results = panel.root.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option').first()).toContainText('Query.currentUser');
  await box.fill('Repos');
  await expect(results.getByRole('option').first()).toContainText('Repository');
  await expect(results.getByRole('option', { name: /Repository\b.*type/ }).first()).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await box.press('ArrowDown');
  await expect(results.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowUp');
  await box.press('Enter');
  await expect(panel.typePage('Repository')).toBeVisible();

  // Shift-Ctrl-D from the page focuses the search box.
  await page.getByRole('heading', { level: 3 }).first().click();
  await page.keyboard.press('Control+Shift+D');
  await expect(box).toBeFocused();
});

test('deprecated fields and arguments are hidden until "Show deprecated", with their reason', async ({
  page,
}) => {
  const panel = await openDocs(page);
  await panel.search.fill('Repository');
  await panel.options.first().click();
  const repo = panel.typePage('Repository');
  await expect(repo.getByRole('button', { name: 'name', exact: true })).toBeVisible();
  await expect(repo.getByRole('button', { name: 'uri', exact: true })).toHaveCount(0);
  await expect(repo).toContainText('1 deprecated hidden');

  await panel.root.getByRole('checkbox', { name: 'Show deprecated' }).check();
  const uri = repo
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'uri', exact: true }) });
  await expect(uri).toContainText('Deprecated: Use name.');

  // A deprecated argument (asked for with inputValueDeprecation).
  await panel.search.fill('Query.user');
  await panel.root
    .getByRole('option', { name: /Query\.user\b/ })
    .first()
    .click();
  await expect(panel.fieldPage('Query.user')).toContainText(
    'Deprecated: Look users up by username',
  );
  await panel.root.getByRole('checkbox', { name: 'Show deprecated' }).uncheck();
  await expect(panel.fieldPage('Query.user')).not.toContainText('Deprecated:');
});

test('adds a field with its required arguments as variables to the query', async ({ page }) => {
  const panel = await openDocs(page);
  await panel.button('Add Query.node to the query').click();
  await expect(panel.root.getByRole('status').filter({ hasText: 'Added node' })).toContainText(
    '$id',
  );
  const app = new ConsolePage(page);
  await expect
    .poll(() => app.editorText('Query editor'))
    .toMatch(/\(\$id: ID!\)[\s\S]*node\(id: \$id\) \{\s*id\s*\}/);
  await expect.poll(() => app.editorText('Variables editor')).toMatch(/"id": ""/);
});

test('a field added before the Variables editor is there still puts its variables in it', async ({
  page,
}) => {
  // The Variables and Headers editors' chunk is held at the door until the field is added.
  const jsonEditors = await holdRequests(page, /\/json-editors-[\w-]+\.js$/);
  const panel = await openDocs(page);
  const app = new ConsolePage(page);
  await expect(app.editor('Variables editor')).toHaveCount(0);
  await panel.button('Add Query.node to the query').click();
  await expect(panel.root.getByRole('status').filter({ hasText: 'Added node' })).toContainText(
    '$id',
  );
  jsonEditors.release();
  await expect.poll(() => app.editorText('Variables editor')).toMatch(/"id": ""/);
});

test('a field added before the query editor has its language can be undone', async ({ page }) => {
  // The GraphQL language chunk (which brings the undo history) is held until the field is added.
  const language = await holdRequests(page, /\/query-language-[\w-]+\.js$/);
  const panel = await openDocs(page);
  const app = new ConsolePage(page);
  const before = await app.editorText('Query editor');
  await panel.button('Add Query.node to the query').click();
  await expect.poll(() => language.seen).toBe(true);
  language.release();
  await expect(panel.root.getByRole('status').filter({ hasText: 'Added node' })).toBeVisible();
  await expect.poll(() => app.editorText('Query editor')).toMatch(/node\(id: \$id\)/);
  await app.editor('Query editor').click();
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => app.editorText('Query editor')).toBe(before);
});

test('Mod-click in the query editor opens the field in Docs', async ({ page }) => {
  const docs = await openDocs(page); // loads the schema
  await docs.button('Close Docs').click();
  await expect(docs.root).toHaveCount(0);
  const editor = new ConsolePage(page).editor('Query editor');
  await editor.getByText('currentUser', { exact: true }).click({ modifiers: ['ControlOrMeta'] });
  await expect(docs.fieldPage('Query.currentUser')).toBeVisible();
  await expect(docs.fieldPage('Query.currentUser')).toContainText('The user who sent the request');
});

test('the Docs panel has no axe violations', async ({ page }) => {
  const docs = await openDocs(page);
  await docs.search.fill('repo');
  await expect(docs.options.first()).toBeVisible();
  const results = await new AxeBuilder({ page }).include('aside[aria-label="Docs"]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  await docs.search.fill('');
  const page2 = await new AxeBuilder({ page }).include('aside[aria-label="Docs"]').analyze();
  expect(page2.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
    [],
  );
});

test('schema downloads as SDL and as introspection JSON', async ({ page }) => {
  const panel = await openDocs(page);
  const [sdl] = await Promise.all([
    page.waitForEvent('download'),
    panel.button('Download SDL').click(),
  ]);
  expect(sdl.suggestedFilename()).toMatch(/\.graphql$/);
  const sdlText = await (
    await sdl.createReadStream()
  )
    .toArray()
    .then((c) => Buffer.concat(c).toString());
  expect(sdlText).toContain('type Query {');
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    panel.button('Download JSON').click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  const body = JSON.parse(
    await (await json.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
  );
  expect(body.data.__schema.queryType.name).toBe('Query');
});

test('a refused token says what to do, and a schema file is the fallback', async ({ page }) => {
  const panel = await openDocs(page);
  const connection = new ConnectPanel(page);
  await connection.open();
  await connection.token.fill('not-a-valid-token');
  await connection.token.blur();
  await panel.button('Refetch schema').click();
  await expect(panel.root.getByRole('alert')).toContainText(
    /refused the request \(HTTP 401.*\)\. Check the access token/,
  );

  const f = tempSchema('type Query { fromFile(q: String!): Int }');
  try {
    await panel.root.getByLabel('Schema file').setInputFiles(f.file);
    await expect(panel.root).toContainText('Schema from the file schema.graphql');
    await expect(panel.link('fromFile')).toBeVisible();
  } finally {
    f.cleanup();
  }
});

test('a hostile schema description stays inert', async ({ page }) => {
  const f = tempSchema(`
    type Query {
      """
      Hello <img src=x onerror="window.__xss=1"> <script>window.__xss=2</script>
      [click](javascript:window.__xss=3) <a href="javascript:window.__xss=4">a</a>
      <iframe src="javascript:window.__xss=5"></iframe>

      Some **bold** text and [a safe link](https://example.com/docs).
      """
      evil: String
    }
    """<svg onload="window.__xss=6"></svg>"""
    type Other { x: Int }
  `);
  test.setTimeout(120_000);
  const server = await startExtraServer({ SANDBOX_SCHEMA: f.file });
  try {
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const panel = await openDocs(page, `${server.url}/debug/console`);
    await expect(panel.link('evil')).toBeVisible();
    await expect(panel.root.locator('strong', { hasText: 'bold' })).toBeVisible(); // Markdown rendered
    await expect(panel.root.getByRole('link', { name: 'a safe link' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await panel.search.fill('Other');
    await panel.options.first().click();
    await expect(panel.typePage('Other')).toBeVisible();
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toBe(0);
    expect(await page.locator('[onerror], [onload], iframe, svg script').count()).toBe(0);
    expect(await panel.root.locator('script, img, iframe').count()).toBe(0);
    expect(await panel.root.locator('a[href^="javascript:" i]').count()).toBe(0);
  } finally {
    await server.stop();
    f.cleanup();
  }
});

test('Docs opened while connecting list Query before the editor’s whole schema is built and the Docs index is fed', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.open();
  // As a user in a hurry: Docs, then "Use sandbox" at once (the Docs code and the schema race).
  await app.docs.toggle.click();
  const since = await page.evaluate(() => performance.now());
  await app.connection.useSandboxButton.click();
  await expect(app.docs.root.getByRole('list', { name: 'Fields of Query' })).toBeVisible();
  // The page marks `docs:rendered` when Docs commit a schema (src/features/docs/docs-panel.tsx)
  // and `schema:build` when the editor's whole schema is in (schema/schema-completion.ts).
  const ends = (name: string) =>
    page.evaluate(
      ([n, t]) =>
        performance
          .getEntriesByName(n)
          .map((e) => e.startTime + e.duration)
          .filter((end) => end > t),
      [name, since] as const,
    );
  await expect.poll(async () => (await ends('schema:build')).length).toBeGreaterThan(0);
  const rendered = Math.min(...(await ends('docs:rendered')));
  expect(rendered).toBeLessThan(Math.min(...(await ends('schema:build'))));
  // The JSON goes to the Docs worker (search, "What changed") only after that paint, too: its
  // parse and index would take a core from the types' build (schema/schema.ts).
  const announced = await ends('schema:text-announced');
  expect(announced.length).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(Math.min(...announced));
});

test('GitHub’s public schema loads and is searchable', async ({ page }) => {
  test.setTimeout(180_000); // the sandbox builds data for ~1,600 types at startup
  const server = await startExtraServer({
    SANDBOX_SCHEMA: 'node_modules/@octokit/graphql-schema/schema.graphql',
  });
  try {
    // How many rows Query's list has when it first enters the page (the first paint's share).
    await page.addInitScript(() => {
      const w = window as unknown as { __firstQueryRows?: number };
      new MutationObserver((_, mo) => {
        const list = document.querySelector('[aria-label="Fields of Query"]');
        if (!list) return;
        w.__firstQueryRows = list.querySelectorAll(':scope > [role="listitem"]').length;
        mo.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    const panel = await openDocs(page, `${server.url}/debug/console`);
    await expect(panel.typePage('Query')).toBeVisible();
    const queryFields = githubFields('Query');
    await expect(panel.link(queryFields[0]!)).toBeVisible();
    // A screen of Query's fields comes first; the rest follow once it is painted.
    const queryRows = panel.typePage('Query').getByRole('list', { name: 'Fields of Query' });
    await expect(queryRows.locator(':scope > [role="listitem"]')).toHaveCount(queryFields.length);
    await expect(
      queryRows.getByRole('button', { name: queryFields.at(-1)!, exact: true }),
    ).toBeVisible();
    const firstRows = await page.evaluate(
      () => (window as unknown as { __firstQueryRows?: number }).__firstQueryRows,
    );
    expect(firstRows).toBeGreaterThan(0);
    expect(firstRows).toBeLessThan(queryFields.length);
    const box = panel.search;
    await box.fill('Repository');
    await expect(panel.options.first()).toContainText(/^Repository\s*type/);
    await box.press('Enter');
    const repo = panel.typePage('Repository');
    // ~100 fields: the list is virtualized, so only a window of rows is in the DOM.
    const fields = repo.getByRole('list', { name: 'Fields of Repository' });
    await expect(repo.getByRole('heading', { name: /^Fields \((\d{3}|[6-9]\d)\)/ })).toBeVisible();
    const rows = fields.locator(':scope > [role="listitem"]');
    await expect(rows.first()).toBeVisible();
    const total = Number(
      (await repo.getByRole('heading', { name: /^Fields/ }).textContent())!.match(/\d+/)![0],
    );
    expect(await rows.count()).toBeLessThan(total);
    // Scrolling to the end renders the last field.
    await panel.root.locator('.docs-body').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(
      fields.getByRole('button', { name: githubFields('Repository').at(-1)!, exact: true }),
    ).toBeVisible();
    await box.fill('nameWithOw');
    await expect(panel.options.first()).toContainText('Repository.nameWithOwner');
    await box.press('Enter');
    await expect(panel.fieldPage('Repository.nameWithOwner')).toBeVisible();
  } finally {
    await server.stop();
  }
});

test('"What changed" lists a removed field after the served schema changes', async ({ page }) => {
  // An instance of the spec's own whose schema changes between two fetches at the same URL.
  let schema = buildSchema('type Query { keep: Int\n old: String\n}');
  const upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', async () => {
      const { query } = JSON.parse(body) as { query: string };
      const out = await graphql({ schema, source: query });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(out));
    });
  });
  const instance = await listenOnFreePort(upstream);
  try {
    const app = new ConsolePage(page);
    await app.open();
    await app.connection.enterInstanceUrl(instance);
    await app.docs.openSchema();
    const docs = app.docs;
    await expect(docs.link('old')).toBeVisible();
    await expect(docs.button(/What changed/)).toHaveCount(0);
    schema = buildSchema('type Query { keep: Int\n fresh: Boolean\n}');
    await docs.button('Refetch schema').click();
    await docs.button(/What changed \(\d+\)/).click();
    const changes = docs.root.getByRole('region', { name: 'What changed' });
    await expect(changes.getByRole('region', { name: 'Breaking changes' })).toContainText(
      "Field 'old' was removed from object type 'Query'",
    );
    await expect(changes.getByRole('region', { name: 'Safe changes' })).toContainText(
      "Field 'fresh' was added to object type 'Query'",
    );
    // Kept across a reload until dismissed.
    await page.reload();
    await app.connection.enterInstanceUrl(instance);
    if (!(await docs.root.isVisible())) await docs.toggle.click();
    await docs.button(/What changed/).click();
    await docs.root
      .getByRole('region', { name: 'Breaking changes' })
      .getByRole('button', { name: 'Open Query' })
      .click();
    await expect(docs.typePage('Query')).toBeVisible();
  } finally {
    await new Promise((r) => upstream.close(r));
  }
});

test('older servers, disabled introspection and web pages get a clear message', async ({
  page,
}) => {
  // A stand-in for third-party servers the relay can reach: an "old" GraphQL server that rejects
  // the newer introspection query, one with introspection disabled, and a sign-in page.
  let mode: 'old' | 'disabled' | 'html' = 'old';
  const schema = buildSchema('type Query { legacyOnly(a: Int): String }');
  const upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', async () => {
      if (mode === 'html') {
        res
          .writeHead(200, { 'Content-Type': 'text/html' })
          .end('<!DOCTYPE html><title>Sign in</title>');
        return;
      }
      const { query } = JSON.parse(body) as { query: string };
      const modern = /args\(includeDeprecated: true\)/.test(query);
      const errors =
        mode === 'disabled' && query.includes('__schema')
          ? [{ message: 'GraphQL introspection is not allowed' }]
          : modern
            ? [{ message: 'Unknown argument "includeDeprecated" on field "__Field.args".' }]
            : undefined;
      const out = errors ? { errors } : await graphql({ schema, source: query });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(out));
    });
  });
  const instance = await listenOnFreePort(upstream);
  try {
    const app = new ConsolePage(page);
    await app.open();
    await app.connection.enterInstanceUrl(instance);
    await app.docs.toggle.click();
    const panel = app.docs;
    await expect(panel.link('legacyOnly')).toBeVisible();
    await expect(panel.root).toContainText(
      'rejected the introspection query that asks for deprecated arguments and input fields',
    );
    await expect(panel.root).toContainText('older query was used');

    mode = 'disabled';
    await panel.button('Refetch schema').click();
    await expect(panel.root.getByRole('alert')).toContainText(
      /refused introspection \("GraphQL introspection is not allowed"\).*Load the schema from a file/,
    );

    mode = 'html';
    await panel.button('Refetch schema').click();
    await expect(panel.root.getByRole('alert')).toContainText(
      /web page \(HTML, HTTP 200\), not GraphQL/,
    );
  } finally {
    await new Promise((r) => upstream.close(r));
  }
});

test('a schema that names a type it does not define says so, though Docs may show Query first', async ({
  page,
}) => {
  // A server whose answer to the console's query lacks type C (B's field names it): the
  // schema worker sends the types ahead and finds the fault once it has read the whole answer.
  const schema = buildSchema('type Query { b: B } type B { c: C } type C { d: Int }');
  const upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', async () => {
      const { query } = JSON.parse(body) as { query: string };
      const out = (await graphql({ schema, source: query })) as {
        data?: { __schema?: { types: { name: string }[] } };
      };
      if (out.data?.__schema)
        out.data.__schema.types = out.data.__schema.types.filter((t) => t.name !== 'C');
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(out));
    });
  });
  const instance = await listenOnFreePort(upstream);
  try {
    const app = new ConsolePage(page);
    await app.open();
    await app.connection.enterInstanceUrl(instance);
    await app.docs.toggle.click();
    await expect(app.docs.root.getByRole('alert')).toContainText(
      'The schema could not be built from the introspection result: Invalid or incomplete schema, unknown type: C.',
    );
    await expect(app.docs.link('b')).toBeHidden();
  } finally {
    await new Promise((r) => upstream.close(r));
  }
});
