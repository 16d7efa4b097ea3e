import { createServer, type IncomingMessage, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { buildSchema, introspectionFromSchema } from 'graphql';
import { ConsolePage } from './pages/console-page.ts';
import { listenOnFreePort } from './server.ts';

// Issue 7: text that comes from a server (schema descriptions, deprecation reasons, the user
// name, GraphQL error messages, CSV header and cells, credit bucket ids) is rendered as text or
// sanitized Markdown, never as markup, and is shown (not dropped). The upstream here is a
// hostile third-party server of our own making, reached through the app's real relay.

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=2</script>';
const SVG = '<svg onload="window.__xss=3"></svg>';
const LINK = '[click](javascript:window.__xss=4)';
const IFRAME = '<iframe src=javascript:window.__xss=5></iframe>';

const SDL = `
  """Root ${IMG}"""
  type Query {
    """The viewer. ${IMG} ${SCRIPT} ${LINK}"""
    currentUser: User
    """${SVG} ${IFRAME}"""
    evil(
      """arg ${IMG}"""
      first: Int
      kind: Kind
    ): String @deprecated(reason: """gone ${IMG} ${SCRIPT}""")
  }
  """${SCRIPT} a user"""
  type User {
    """name ${IMG}"""
    username: String
  }
  enum Kind {
    """value ${IMG}"""
    A
    B @deprecated(reason: """${SVG}""")
  }
`;
const INTROSPECTION = JSON.stringify({ data: introspectionFromSchema(buildSchema(SDL)) });
const USERNAME = `${IMG}${SCRIPT}`;

const CSV =
  [
    ['Instance user ID', `User Email ${IMG}`, 'Username', 'Active Sourcegraph User', 'Searches'],
    ['1', `a@x.com${SCRIPT}`, IMG, 'true', '3'],
    ['2', '=HYPERLINK("javascript:window.__xss=6","x")', SVG, 'false', '4'],
    ['3', 'javascript:window.__xss=7', `"quoted ${IMG}"`, 'true', '5'],
  ]
    .map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
    .join('\r\n') + '\r\n';

const today = new Date().toISOString().slice(0, 10);
const CREDITS = JSON.stringify({
  instanceURL: 'hostile.example',
  buckets: [
    {
      id: `bkt_${IMG}`,
      activePeriod: { start: '2020-01-01', end: '2099-12-31' },
      allocation: 1000,
      consumption: 10,
      daily: [{ date: today, consumed: 10 }],
    },
  ],
});

async function body(req: IncomingMessage): Promise<string> {
  let s = '';
  for await (const c of req) s += c;
  return s;
}

let upstream: Server;
let UPSTREAM: string;

test.beforeAll(async () => {
  upstream = createServer(async (req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': '*',
      'Access-Control-Expose-Headers': 'Content-Disposition',
    };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    const path = (req.url ?? '').split('?')[0];
    if (path === '/.api/graphql') {
      const text = await body(req);
      const json = { 'Content-Type': 'application/json', ...cors };
      if (text.includes('__schema')) return res.writeHead(200, json).end(INTROSPECTION);
      if (text.includes('currentUser') && !text.includes('evil'))
        return res
          .writeHead(200, json)
          .end(JSON.stringify({ data: { currentUser: { username: USERNAME } } }));
      return res.writeHead(200, json).end(
        JSON.stringify({
          errors: [
            {
              message: `Cannot query ${IMG} ${SCRIPT}`,
              locations: [{ line: 1, column: 3 }],
              path: [IMG],
            },
          ],
          data: { evil: `${IMG}${SVG}`, [IMG]: SCRIPT },
        }),
      );
    }
    if (path === '/api/reports/by-user-client-date')
      return res
        .writeHead(200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="report_${'<img src=x>'}.csv"`,
          ...cors,
        })
        .end(CSV);
    if (path === '/api/credits')
      return res.writeHead(200, { 'Content-Type': 'application/json', ...cors }).end(CREDITS);
    res.writeHead(404, { 'Content-Type': 'text/html', ...cors }).end(`<h1>${IMG}${SCRIPT}</h1>`);
  });
  UPSTREAM = await listenOnFreePort(upstream);
});

test.afterAll(async () => {
  await new Promise((ok) => upstream?.close(ok));
});

/** Nothing ran, nothing was injected: no flag, no dialog, no handler attribute, no foreign element. */
async function expectInert(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name)))
        .map((el) => el.outerHTML.slice(0, 80)),
    ),
  ).toEqual([]);
  // The one inline script element allowed is the server's configuration, a JSON data block
  // that never runs (server/index-html.ts); it must hold exactly what the server put there.
  expect(
    await page
      .locator('img[src="x"], iframe, svg[onload], script:not([src]):not(#app-config)')
      .count(),
  ).toBe(0);
  for (const config of await page.locator('script#app-config').all()) {
    expect(await config.getAttribute('type')).toBe('application/json');
    expect(JSON.parse((await config.textContent()) ?? '')).toEqual(
      await (await page.request.get('/config.json')).json(),
    );
  }
  expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
}

test('hostile schema text, user name, error messages and response values stay inert in the console', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const app = new ConsolePage(page);
  await app.open();
  await app.connection.instanceUrl.fill(UPSTREAM);
  await app.connection.token.fill('sgp_hostile_test_token');
  await app.connection.connectButton.click();
  // The user name is shown, as text, on the connection chip.
  await expect(app.connection.chip).toContainText(`Signed in as ${IMG}`);

  await app.runQuery('{ evil(first: 1) }');
  await expect(app.response).toContainText('Cannot query');
  await expectInert(page, dialogs);

  // Hover over the field: its hostile description and deprecation reason in the tooltip, as text.
  const tooltip = page.getByRole('tooltip');
  await app.hover(app.editor('Query editor').getByText('evil'), tooltip, 'Query.evil');
  await expect(tooltip).toContainText(`${SVG} ${IFRAME}`);
  await expect(tooltip).toContainText(`gone ${IMG} ${SCRIPT}`);
  await expectInert(page, dialogs);
  // Move the pointer off the editor, as a user reaching for the toolbar does: the hover tooltip
  // (above the first line) closes instead of covering the Docs button.
  await page.mouse.move(0, 0);
  await expect(page.locator('.cm-tooltip-hover')).toHaveCount(0);

  // Docs: the enum, the user type, the field and its argument; each description is shown (as
  // text or sanitized Markdown: raw HTML escaped), not dropped.
  const docs = app.docs;
  await docs.open();
  await docs.openFirstResult('Kind');
  await expect(docs.article).toContainText(`value ${IMG}`);
  await expectInert(page, dialogs);
  await docs.openFirstResult('User');
  await expect(docs.article).toContainText(`${SCRIPT} a user`);
  await expect(docs.article).toContainText(`name ${IMG}`);
  await expectInert(page, dialogs);
  await docs.openFirstResult('evil');
  await expect(docs.article).toContainText(`${SVG} ${IFRAME}`);
  await expect(docs.article).toContainText(`gone ${IMG} ${SCRIPT}`);
  await expect(docs.article).toContainText(`arg ${IMG}`);
  await expectInert(page, dialogs);
  // With deprecated items shown, the deprecated enum value's hostile reason too.
  await docs.root.getByRole('checkbox', { name: 'Show deprecated' }).check();
  await docs.openFirstResult('Kind');
  await expect(docs.article).toContainText(`Deprecated: ${SVG}`);
  await expectInert(page, dialogs);
});

test('hostile CSV header and cells, file name and credit bucket ids stay inert in the analytics tab', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('/analytics');
  await page.getByRole('textbox', { name: 'Analytics URL' }).fill(UPSTREAM);
  await page.getByLabel('Analytics token', { exact: true }).fill('sams_at_hostile');
  await page.getByRole('textbox', { name: 'Instance host' }).fill('hostile.example');
  await page.getByRole('button', { name: 'Load report' }).click();
  const table = page.getByRole('table', { name: 'Report preview' });
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  // The header and the cells are there, as text.
  await expect(table.getByRole('columnheader', { name: `User Email ${IMG}` })).toBeVisible();
  await expect(table.getByText(IMG, { exact: true }).first()).toBeVisible();
  await expect(table.getByText(SVG, { exact: true })).toBeVisible();
  await expectInert(page, dialogs);
  // The file is named by the console from the form, never by the server's Content-Disposition.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^report_hostile\.example_[\w.-]+\.csv$/);
  await page.getByRole('button', { name: 'Load credits' }).click();
  await expect(page.getByRole('figure', { name: 'Credit consumption' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Credit buckets' }).getByRole('rowheader'),
  ).toContainText(`bkt_${IMG}`);
  await expectInert(page, dialogs);
});
