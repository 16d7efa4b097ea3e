import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from '@playwright/test';
import Papa from 'papaparse';
import { AnalyticsPage } from './pages/analytics-page.ts';
import { ConnectPanel } from './pages/connect-panel.ts';
import { sandboxInfo, type SandboxInfo } from './pages/sandbox-info.ts';

// Region "Seats and adoption" of the Analytics tab (src/features/analytics/seats/): the sandbox
// instance's report joined with that instance's users and licence, read with the console's
// connection. The expected figures are computed here from the report and the users fetched over
// HTTP from the sandbox (the test's own oracle): matching by username, else email, both ignoring
// case, else by ID for a row with neither; active = marked `Active Sourcegraph User` or a count
// above zero.

const lower = (s: string | undefined) => (s ?? '').trim().toLowerCase();

interface Person {
  username: string;
  emails: string[];
  siteAdmin: boolean;
  id: number;
}

interface UsersPage {
  data: {
    users: {
      nodes: { id: string; username: string; siteAdmin: boolean; emails: { email: string }[] }[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    };
  };
}

/** Every user of the sandbox instance, over GraphQL as the admin, in its (username) order. */
async function instanceUsers(request: APIRequestContext, info: SandboxInfo): Promise<Person[]> {
  const out: Person[] = [];
  let after: string | null = null;
  do {
    const res: APIResponse = await request.post(`${info.base_url}/.api/graphql`, {
      headers: { Authorization: `token ${info.tokens.admin}` },
      data: {
        query:
          'query($after: String) { users(first: 1000, after: $after) { nodes { id username siteAdmin emails { email } } pageInfo { hasNextPage endCursor } } }',
        variables: { after },
      },
    });
    const { users }: UsersPage['data'] = ((await res.json()) as UsersPage).data;
    for (const n of users.nodes)
      out.push({
        username: n.username,
        emails: n.emails.map((e) => e.email),
        siteAdmin: n.siteAdmin,
        id: Number(/^User:(\d+)$/.exec(Buffer.from(n.id, 'base64').toString())?.[1]),
      });
    after = users.pageInfo.hasNextPage ? users.pageInfo.endCursor : null;
  } while (after);
  return out;
}

/** The report of `host` (all time, finest granularity) straight from the analytics sandbox. */
async function report(request: APIRequestContext, info: SandboxInfo, host: string) {
  const res = await request.get(
    `${info.analytics_url}/api/reports/by-user-client-date?instanceURL=${encodeURIComponent(host)}`,
    { headers: { Authorization: `Bearer ${info.tokens.analytics}` } },
  );
  return Papa.parse<Record<string, string>>(await res.text(), {
    header: true,
    skipEmptyLines: true,
  }).data;
}

/** What the region should say, from the two sources. */
function expected(people: Person[], rows: Record<string, string>[]) {
  const byName = new Map(people.map((p) => [lower(p.username), p]));
  const byEmail = new Map(people.flatMap((p) => p.emails.map((e) => [lower(e), p] as const)));
  const byId = new Map(people.map((p) => [String(p.id), p]));
  const active = new Set<Person>();
  const unknown = new Set<string>();
  const perClient = new Map<string, Set<Person>>();
  const metrics = Object.keys(rows[0] ?? {}).slice(7);
  for (const r of rows) {
    const name = lower(r.Username);
    const email = lower(r['User Email']);
    const p =
      (name ? byName.get(name) : undefined) ??
      (email ? byEmail.get(email) : undefined) ??
      (!name && !email ? byId.get(r['Instance user ID']!) : undefined);
    if (!p) {
      unknown.add(r['Instance user ID']!);
      continue;
    }
    const on =
      r['Active Sourcegraph User'] === 'true' || metrics.some((m) => Number(r[m] || 0) > 0);
    if (!on) continue;
    active.add(p);
    const client = r['Client Name']!;
    if (!perClient.has(client)) perClient.set(client, new Set());
    perClient.get(client)!.add(p);
  }
  const inactive = people.filter((p) => !active.has(p));
  return { active, inactive, unknown, perClient };
}

/** Opens the console, connects it with `token`, and goes to the Analytics tab (same page). */
async function connectConsole(page: Page, info: SandboxInfo, token: string, who: string) {
  await page.goto('/debug/console');
  await new ConnectPanel(page).connectAs({ baseUrl: info.base_url, token }, who);
  const analytics = new AnalyticsPage(page);
  await analytics.navLink.click();
  await analytics.useSandbox();
  return analytics;
}

const region = (page: Page) => page.getByRole('region', { name: 'Seats and adoption' });
const tileValue = (page: Page, name: string) =>
  region(page).getByRole('group', { name, exact: true }).locator('.an-tile-value');

test('seats, inactive users and adoption of the sandbox instance; inactive users as CSV', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  const host = info.instances[0];
  const people = await instanceUsers(request, info);
  const rows = await report(request, info, host);
  const want = expected(people, rows);
  // The sandbox makes both sides interesting: some of each.
  expect(want.active.size).toBeGreaterThan(0);
  expect(want.inactive.length).toBeGreaterThan(0);
  expect(want.unknown.size).toBeGreaterThan(0);

  const analytics = await connectConsole(page, info, info.tokens.admin, 'admin');
  await analytics.loadReport(host, 'by_user_day_client_language');
  const nf = (n: number) => n.toLocaleString('en-US');
  await expect(tileValue(page, 'Licensed but inactive')).toHaveText(nf(want.inactive.length));
  await expect(tileValue(page, 'Instance users')).toHaveText(nf(people.length));
  await expect(tileValue(page, 'Active in the report')).toHaveText(nf(want.active.size));
  await expect(tileValue(page, 'Unknown to the instance')).toHaveText(nf(want.unknown.size));
  const licence = await request.post(`${info.base_url}/.api/graphql`, {
    headers: { Authorization: `token ${info.tokens.admin}` },
    data: { query: '{ site { productSubscription { license { userCount } } } }' },
  });
  const seats = (
    (await licence.json()) as {
      data: { site: { productSubscription: { license: { userCount: number } } } };
    }
  ).data.site.productSubscription.license.userCount;
  await expect(tileValue(page, 'Licensed seats')).toHaveText(nf(seats));

  // The table shows the first of them, in the instance's (username) order.
  const table = region(page).getByRole('table', { name: 'Licensed but inactive users' });
  const shown = await table.locator('tbody tr th').allTextContents();
  expect(shown).toEqual(want.inactive.map((p) => p.username).slice(0, 100));
  // Deleted users (in the report only) are listed apart, non-ASCII names included.
  const unknownTable = region(page).getByRole('table', { name: 'Users unknown to the instance' });
  await expect(unknownTable.locator('tbody tr')).toHaveCount(want.unknown.size);
  await expect(unknownTable).toContainText('jürgen.müller');

  // Adoption by client: instance users active with each client.
  const adoption = region(page).getByRole('table', { name: 'Adoption by client' });
  const cells = await adoption
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].slice(0, 2).map((c) => c.textContent)));
  expect(new Map(cells as [string, string][])).toEqual(
    new Map([...want.perClient].map(([client, users]) => [client, nf(users.size)])),
  );

  const axe = await new AxeBuilder({ page }).include('.an-seats').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  // The CSV has every inactive user, with the instance's data.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    region(page).getByRole('button', { name: 'Export inactive users as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/-inactive-users\.csv$/);
  const text = Buffer.concat(
    (await (await download.createReadStream()).toArray()) as Buffer[],
  ).toString('utf8');
  const csv = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
  expect(csv.map((r) => r.Username)).toEqual(want.inactive.map((p) => p.username));
  for (const [r, p] of csv.map((r, i) => [r, want.inactive[i]!] as const)) {
    expect(r.Emails).toBe(p.emails.join('; '));
    expect(r['Site admin']).toBe(p.siteAdmin ? 'yes' : 'no');
  }
});

test("a token that is not a site admin's: the instance's own words", async ({ page, request }) => {
  const info = await sandboxInfo(request);
  // What the instance says to alice when she lists users' emails.
  const res = await request.post(`${info.base_url}/.api/graphql`, {
    headers: { Authorization: `token ${info.tokens.user}` },
    data: { query: '{ users(first: 5) { nodes { username emails { email } } } }' },
  });
  const said = ((await res.json()) as { errors: { message: string }[] }).errors[0]!.message;
  const analytics = await connectConsole(page, info, info.tokens.user, 'alice');
  await analytics.loadReport(info.instances[0], 'by_user');
  const alert = region(page).getByRole('alert');
  await expect(alert).toContainText('alice is not a site admin');
  await expect(alert).toContainText(`The instance answered: “${said}”`);
  await expect(region(page).getByRole('table')).toHaveCount(0);
});

test('without a console connection, or with one to another instance, it says what to do', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  const analytics = new AnalyticsPage(page);
  await analytics.connectToSandbox();
  await analytics.loadReport(info.instances[0], 'by_user');
  await expect(region(page).getByRole('status')).toContainText(
    `the console is not connected. In the Console tab, open Connection (top bar) and connect to ${info.instances[0]} with a site admin’s access token`,
  );

  const other = info.instances.find((h) => h !== info.instances[0])!;
  const consoleHost = new URL(info.base_url).host;
  await connectConsole(page, info, info.tokens.admin, 'admin');
  await analytics.loadReport(other, 'by_user');
  await expect(region(page).getByRole('status')).toContainText(
    `This report is for ${other}, but the console is connected to ${consoleHost}`,
  );
  await expect(region(page).getByRole('table')).toHaveCount(0);
});
