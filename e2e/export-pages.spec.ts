import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page, type Request } from '@playwright/test';
import Papa from 'papaparse';
import { estimateQueryCost } from '../src/shared/contracts/cost-estimate.ts';
import { seriousViolations } from './axe-helpers.ts';
import { ConsolePage } from './pages/console-page.ts';
import { ExportDialog } from './pages/export-dialog.ts';
import { startServerWithSiteConfig, type ExtraServer } from './server.ts';

// A sandbox with 10,000 users and a field-count limit low enough that the page size is the
// cost limit's, not the export's own ceiling; SANDBOX_FAULTS answers the 6th request named
// AllUsers with 429 + Retry-After and the 3rd named SomeUsers with 502.
const USERS = 10_000;
const FIELD_LIMIT = 5000;
const RETRY_AFTER_S = 2;
let server: ExtraServer;

test.beforeAll(async () => {
  server = await startServerWithSiteConfig(
    { rateLimits: { graphQLMaxFieldCount: FIELD_LIMIT } },
    {
      SANDBOX_USERS: String(USERS),
      SANDBOX_FAULTS: JSON.stringify([
        { status: 429, retryAfter: RETRY_AFTER_S, requestName: 'AllUsers', after: 5 },
        { status: 502, requestName: 'SomeUsers', after: 2 },
      ]),
    },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

interface User {
  id: string;
  username: string;
  displayName: string;
  siteAdmin: boolean;
  createdAt: string;
  emails: { email: string }[];
}

/** Every user matching `query`, fetched from the sandbox over HTTP (not through the app). */
async function sandboxUsers(query = ''): Promise<User[]> {
  const out: User[] = [];
  let after: string | null = null;
  for (;;) {
    const res: Response = await fetch(`${server.info.base_url}/.api/graphql?Check`, {
      method: 'POST',
      headers: { Authorization: `token ${adminToken()}` },
      body: JSON.stringify({
        query: `query Check($after: String, $q: String) { users(first: 300, after: $after, query: $q) {
          nodes { id username displayName siteAdmin createdAt emails { email } }
          pageInfo { hasNextPage endCursor } } }`,
        variables: { after, q: query },
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: {
        users: { nodes: User[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
      };
    };
    const page = body.data.users;
    out.push(...page.nodes);
    if (!page.pageInfo.hasNextPage) return out;
    after = page.pageInfo.endCursor;
  }
}

function adminToken(): string {
  const token = server.info.tokens.admin;
  if (!token) throw new Error('the sandbox has no admin token');
  return token;
}

async function fileText(download: Download): Promise<string> {
  const path = await download.path();
  if (!path) throw new Error('the download has no file');
  return readFileSync(path, 'utf8');
}

interface Sent {
  variables: Record<string, unknown>;
  query: string;
  status?: number;
}

/** The export's page requests (named `name`) as the browser sent them, with their statuses. */
function recordPages(page: Page, name: string): Sent[] {
  const sent: Sent[] = [];
  const byRequest = new Map<Request, Sent>();
  page.on('request', (r) => {
    if (!r.url().endsWith(`/relay/graphql?${name}`)) return;
    const body = r.postDataJSON() as { query: string; variables: Record<string, unknown> };
    const s = { query: body.query, variables: body.variables };
    byRequest.set(r, s);
    sent.push(s);
  });
  page.on('response', (r) => {
    const s = byRequest.get(r.request());
    if (s) s.status = r.status();
  });
  return sent;
}

test('exports 10,000 users to CSV, a page under the cost limit at a time, through a 429', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const app = new ConsolePage(page);
  await app.open(`${server.url}/debug/console`);
  await app.connection.connectAs({ baseUrl: server.info.base_url, token: adminToken() }, 'admin');
  await app.setCostLimit('Max field count', FIELD_LIMIT);
  await app.setEditor(
    'Query editor',
    'query AllUsers { users { nodes { id username displayName siteAdmin createdAt emails { email } } } }',
  );
  const sent = recordPages(page, 'AllUsers');
  await app.palette.run('Export all pages');
  const exporter = new ExportDialog(page);
  await expect(exporter.list).toHaveValue('0:users');
  await expect(exporter.format('CSV')).toBeChecked();

  const rateLimited = page.waitForResponse(
    (r) => r.url().endsWith('/relay/graphql?AllUsers') && r.status() === 429,
  );
  const downloading = exporter.download(exporter.startButton, 200_000);
  await rateLimited;
  await expect(exporter.status).toHaveText(
    new RegExp(
      `^Rate limited \\(429\\): asking for page 6 again in ${RETRY_AFTER_S} s\\. [\\d,]+ of 10,000 rows so far\\.$`,
    ),
  );
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('AllUsers-users.csv');

  // The rows and columns are the sandbox's users, in its order, each once.
  const csv = await fileText(download);
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).toEqual([
    'id',
    'username',
    'displayName',
    'siteAdmin',
    'createdAt',
    'emails',
  ]);
  const expected = await sandboxUsers();
  expect(expected).toHaveLength(USERS);
  expect(parsed.data).toEqual(
    expected.map((u) => ({
      id: u.id,
      username: u.username,
      displayName: u.displayName,
      siteAdmin: String(u.siteAdmin),
      createdAt: u.createdAt,
      emails: JSON.stringify(u.emails),
    })),
  );

  // Every page: the same size, the largest the instance's estimator keeps under the limit.
  const sizes = new Set(sent.map((s) => s.variables.pageSize));
  expect(sizes.size).toBe(1);
  const size = sent[0]!.variables.pageSize as number;
  const cost = (n: number) => {
    const e = estimateQueryCost(sent[0]!.query, { ...sent[0]!.variables, pageSize: n });
    if (!e.ok) throw new Error(e.error);
    return e.cost.fieldCount;
  };
  expect(cost(size)).toBeLessThanOrEqual(FIELD_LIMIT);
  expect(cost(size + 1)).toBeGreaterThan(FIELD_LIMIT);
  const pages = Math.ceil(USERS / size);
  await expect(exporter.status).toHaveText(
    `Done: 10,000 rows in ${pages} pages, saved as AllUsers-users.csv.`,
  );

  // One 429, answered by asking for the same cursor again once Retry-After had passed.
  expect(sent.map((s) => s.status)).toEqual([
    ...Array<number>(5).fill(200),
    429,
    ...Array<number>(pages - 5).fill(200),
  ]);
  expect(sent[6]!.variables.cursor).toBe(sent[5]!.variables.cursor);
  expect(sent[5]!.variables.cursor).not.toBeNull();
});

test('a failed page keeps its cursor: Resume finishes the NDJSON file without a row twice', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new ConsolePage(page);
  await app.open(`${server.url}/debug/console`);
  await app.connection.connectAs({ baseUrl: server.info.base_url, token: adminToken() }, 'admin');
  await app.setCostLimit('Max field count', 300);
  // The cursor inside `users`: that list is picked, not the first one.
  await app.setEditor(
    'Query editor',
    'query SomeUsers {\n  repositories { nodes { name } }\n  users(query: "ada") { nodes { username } }\n}',
  );
  await page.locator('.cm-line', { hasText: 'username' }).click();
  const sent = recordPages(page, 'SomeUsers');
  await app.palette.run('Export all pages');
  const exporter = new ExportDialog(page);
  await expect(exporter.list).toHaveValue('0:users');
  await exporter.format('NDJSON').check();
  await exporter.startButton.click();
  await expect(exporter.alert).toContainText('The instance answered 502');
  await expect(exporter.alert).toContainText('Resume asks for page 3 again.');
  const download = await exporter.download(exporter.resumeButton);
  expect(download.suggestedFilename()).toBe('SomeUsers-users.ndjson');

  const lines = (await fileText(download)).split('\n');
  expect(lines.pop()).toBe('');
  const rows = lines.map((l) => JSON.parse(l) as { username: string });
  expect(rows).toEqual((await sandboxUsers('ada')).map((u) => ({ username: u.username })));
  // Page 3 was asked for twice with the same cursor: once refused (502), once on Resume.
  expect(sent[2]!.status).toBe(502);
  expect(sent[3]!.variables.cursor).toBe(sent[2]!.variables.cursor);
});

test("the console's limits are the defaults: the instance's 400 names its own, pages follow it", async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.open(`${server.url}/debug/console`);
  await app.connection.connectAs({ baseUrl: server.info.base_url, token: adminToken() }, 'admin');
  await app.setEditor('Query editor', 'query Few { users(query: "zoe") { nodes { username } } }');
  const sent = recordPages(page, 'Few');
  await app.palette.run('Export all pages');
  const exporter = new ExportDialog(page);
  const download = await exporter.download(exporter.startButton);
  await expect(exporter.dialog).toContainText(
    `The instance's field count limit is 5,000: 999 rows a page from here on.`,
  );
  // 1 + 5 × 1,000 fields is over 5,000: refused, then the same (first) page at 999.
  expect(sent.map((s) => [s.status, s.variables.pageSize, s.variables.cursor])).toEqual([
    [400, 1000, null],
    [200, 999, null],
  ]);
  const rows = (await fileText(download)).trim().split('\r\n').slice(1);
  expect(rows).toEqual((await sandboxUsers('zoe')).map((u) => u.username));
});

test('the Request options go with every page, as with Run; a bad flag stops the export', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.open(`${server.url}/debug/console`);
  await app.connection.connectAs({ baseUrl: server.info.base_url, token: adminToken() }, 'admin');
  await app.setEditor(
    'Query editor',
    'query Flagged { users(query: "zoe") { nodes { username } } }',
  );
  await app.showRequestOptions();
  await page.getByRole('checkbox', { name: 'Trace' }).check();
  const flags = page.getByRole('textbox', { name: 'Feature flags' });
  await flags.fill('search-debug, -search-keyword');
  const sent: Record<string, string>[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/relay/graphql?Flagged')) sent.push(r.headers());
  });
  await app.palette.run('Export all pages');
  const exporter = new ExportDialog(page);
  const download = await exporter.download(exporter.startButton);
  const rows = (await fileText(download)).trim().split('\r\n').slice(1);
  expect(rows).toEqual((await sandboxUsers('zoe')).map((u) => u.username));
  expect(sent.length).toBeGreaterThan(0);
  for (const h of sent) {
    expect(h['x-sourcegraph-should-trace']).toBe('true');
    expect(h['x-sourcegraph-override-feature']).toBe('search-debug, -search-keyword');
  }
  await page.keyboard.press('Escape');
  await expect(exporter.dialog).toBeHidden();

  await flags.fill('search-debug, bad"flag');
  await app.palette.run('Export all pages');
  await expect(exporter.dialog).toContainText('Feature flags: "bad"flag" is not a flag name');
  await expect(exporter.dialog).toContainText('Fix the "Feature flags" field to export');
  await expect(exporter.startButton).toBeDisabled();
  // And looks it: no accent fill (a dimmed one read as enabled in the dark theme).
  const fill = await exporter.startButton.evaluate((b) => {
    const probe = document.createElement('div');
    probe.style.background = 'var(--accent)';
    document.body.append(probe);
    const accent = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return { own: getComputedStyle(b).backgroundColor, accent };
  });
  expect(fill.own).not.toBe(fill.accent);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test('the dialog, before and after an export, has no serious accessibility violations', async ({
      page,
    }) => {
      const app = new ConsolePage(page);
      await app.open(`${server.url}/debug/console`);
      await app.connection.connectAs(
        { baseUrl: server.info.base_url, token: adminToken() },
        'admin',
      );
      await app.setEditor(
        'Query editor',
        'query Few { users(query: "zoe") { nodes { username } } }',
      );
      await app.palette.run('Export all pages');
      const exporter = new ExportDialog(page);
      await expect(exporter.startButton).toBeEnabled();
      expect(await seriousViolations(page, '.export-dialog')).toEqual([]);
      await exporter.download(exporter.startButton);
      await expect(exporter.progress).toBeVisible();
      expect(await seriousViolations(page, '.export-dialog')).toEqual([]);
    });
  });
}
