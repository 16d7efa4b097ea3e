import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { seriousViolations } from './axe-helpers.ts';
import { ConsolePage } from './pages/console-page.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';

/**
 * The response's Table view against the sandbox: the rows are checked against the same query
 * fetched by Node, the sort against the browser's own collation, and the exported file (the real
 * download) against the rows shown.
 */

/** The same query fetched by Node: what the table must show. */
async function fetchData<T>(page: Page, query: string): Promise<T> {
  const info = await sandboxInfo(page.request);
  const res = await fetch(`${info.base_url}/.api/graphql`, {
    method: 'POST',
    headers: { Authorization: `token ${info.tokens.user}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return ((await res.json()) as { data: T }).data;
}

/** Clicks "Export table as CSV" and reads the file the browser saved. */
async function exportCsv(page: Page): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export table as CSV' }).click(),
  ]);
  const chunks = (await (await download.createReadStream()).toArray()) as Buffer[];
  const text = Buffer.concat(chunks).toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return { name: download.suggestedFilename(), rows: Papa.parse<string[]>(text.slice(0, -2)).data };
}

/** `names` sorted as the page sorts text (the user's collation, numeric parts as numbers). */
function collated(page: Page, names: string[]): Promise<string[]> {
  return page.evaluate(
    (list) => [...list].sort(new Intl.Collator(undefined, { numeric: true }).compare),
    names,
  );
}

const REPOS =
  '{ repositories(first: 15) { totalCount nodes { name stars isFork ' +
  'defaultBranch { displayName target { abbreviatedOID } } } } ' +
  'users(first: 3) { nodes { username siteAdmin } } }';

interface Repo {
  name: string;
  stars: number;
  isFork: boolean;
  defaultBranch: { displayName: string; target: { abbreviatedOID: string } } | null;
}
interface ReposData {
  repositories: { nodes: Repo[] };
  users: { nodes: { username: string; siteAdmin: boolean }[] };
}

const repoRow = (r: Repo) => [
  r.name,
  String(r.stars),
  String(r.isFork),
  r.defaultBranch?.displayName ?? 'null',
  r.defaultBranch?.target.abbreviatedOID ?? 'null',
];

test('repositories as a table: sorted by click and by keyboard, exported as shown, other list, back to JSON', async ({
  page,
}) => {
  const data = await fetchData<ReposData>(page, REPOS);
  const repos = data.repositories.nodes;
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.runQuery(REPOS);
  await expect(app.responseBody).toContainText('"repositories"');

  // The view tabs go by arrow keys, as tabs do.
  await app.responseView('JSON').focus();
  await page.keyboard.press('ArrowRight');
  await expect(app.responseView('Table')).toHaveAttribute('aria-selected', 'true');
  await expect(app.responseBody).toBeHidden();

  // Two lists: the shallowest first, the other one a pick away.
  const list = app.response.getByRole('combobox', { name: 'List shown' });
  await expect(list.locator('option')).toHaveText([
    'data.repositories.nodes · 15 rows',
    'data.users.nodes · 3 rows',
  ]);
  await expect(list).toHaveValue('0');
  await expect(app.response.getByRole('status').filter({ hasText: '15 rows' })).toBeVisible();
  await expect(app.responseTable).toHaveAttribute('aria-rowcount', '16');
  expect(await app.tableColumns()).toEqual([
    'name',
    'stars',
    'isFork',
    'defaultBranch.displayName',
    'defaultBranch.target.abbreviatedOID',
  ]);
  await expect.poll(() => app.tableRows()).toEqual(repos.map(repoRow));

  // Sort by a number: ascending, descending, then the list's order again.
  const stars = app.tableSortButton('stars');
  const starsHeader = app.responseTable.getByRole('columnheader', { name: 'stars' });
  const byStars = [...repos].sort((a, b) => a.stars - b.stars).map(repoRow);
  await stars.click();
  await expect(starsHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => app.tableRows()).toEqual(byStars);
  await stars.click();
  await expect(starsHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => app.tableRows()).toEqual([...byStars].reverse());
  await expect(
    app.response.getByRole('status').filter({ hasText: 'sorted by stars, descending' }),
  ).toBeVisible();

  // The file holds exactly the rows shown, in the order shown.
  const shown = await app.tableRows();
  const csv = await exportCsv(page);
  expect(csv.name).toBe('response-repositories.nodes.csv');
  expect(csv.rows).toEqual([await app.tableColumns(), ...shown]);

  await stars.click();
  await expect(starsHeader).toHaveAttribute('aria-sort', 'none');
  await expect.poll(() => app.tableRows()).toEqual(repos.map(repoRow));

  // Sort by text from the keyboard: Enter on the header's button.
  const names = await collated(
    page,
    repos.map((r) => r.name),
  );
  await app.tableSortButton('name').focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await app.tableRows()).map((r) => r[0])).toEqual(names);
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await app.tableRows()).map((r) => r[0]))
    .toEqual([...names].reverse());

  // The other list.
  await list.selectOption({ label: 'data.users.nodes · 3 rows' });
  await expect(app.response.getByRole('status').filter({ hasText: /^3 rows$/ })).toBeVisible();
  expect(await app.tableColumns()).toEqual(['username', 'siteAdmin']);
  await expect
    .poll(() => app.tableRows())
    .toEqual(data.users.nodes.map((u) => [u.username, String(u.siteAdmin)]));

  // Back to JSON: the viewer as it was.
  await app.responseView('JSON').click();
  await expect(app.responseBody).toBeVisible();
  await expect(app.responseBody).toContainText('"repositories"');
  await expect(app.responseTable).toBeHidden();
});

const SEARCH =
  '{ search(query: "count:3000 func") { results { matchCount results { ... on FileMatch { ' +
  'file { path } revSpec lineMatches { preview lineNumber } } } } } }';

interface SearchData {
  search: {
    results: {
      results: {
        file: { path: string };
        revSpec: string | null;
        lineMatches: { preview: string; lineNumber: number }[];
      }[];
    };
  };
}

test('3,000 search results: windowed rows, null and nested lists, the whole list exported', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const files = (await fetchData<SearchData>(page, SEARCH)).search.results.results;
  expect(files).toHaveLength(3000);
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.runQuery(SEARCH);
  await expect(app.runButton).toBeVisible({ timeout: 60_000 });
  await app.responseView('Table').click();

  await expect(
    app.response
      .getByRole('status')
      .filter({ hasText: 'data.search.results.results · 3,000 rows' }),
  ).toBeVisible();
  await expect(app.responseTable).toHaveAttribute('aria-rowcount', '3001');
  expect(await app.tableColumns()).toEqual(['file.path', 'revSpec', 'lineMatches']);
  const items = (n: number) => (n === 1 ? '1 item' : `${n} items`);
  const first = files[0]!;
  await expect
    .poll(async () => (await app.tableRows())[0])
    .toEqual([first.file.path, 'null', items(first.lineMatches.length)]);
  // Only the rows near the screen are in the page.
  expect((await app.tableRows()).length).toBeLessThan(100);

  // To the end with the keyboard: the last file is there.
  await app.response.getByLabel(/^Table rows/).focus();
  await page.keyboard.press('End');
  const lastRow = app.responseTable.locator('tr[aria-rowindex="3001"]');
  await expect(lastRow.getByRole('cell').first()).toHaveText(files.at(-1)!.file.path);

  // Every row is in the file, null as empty and nested lists as their JSON.
  const csv = await exportCsv(page);
  expect(csv.name).toBe('response-search.results.results.csv');
  expect(csv.rows).toEqual([
    ['file.path', 'revSpec', 'lineMatches'],
    ...files.map((f) => [f.file.path, f.revSpec ?? '', JSON.stringify(f.lineMatches)]),
  ]);
});

test('no list of objects: data without a list, or an error without data, says so', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.openWithSandbox();
  await app.runQuery('{ currentUser { username } }');
  await expect(app.responseBody).toContainText('"alice"');
  await app.responseView('Table').click();
  const none = app.response.getByText("No list of objects in this response's data.");
  await expect(none).toBeVisible();
  await expect(app.responseTable).toHaveCount(0);

  // The Table follows each new response while it is shown.
  await app.runQuery('{ users(first: 2) { nodes { username } } }');
  await expect(app.responseTable).toHaveAttribute('aria-rowcount', '3');
  await expect(none).toHaveCount(0);
  await app.runQuery('{ nope }');
  await expect(app.response.getByRole('region', { name: 'GraphQL errors' })).toBeVisible();
  await expect(none).toBeVisible();
  await expect(app.responseTable).toHaveCount(0);
});

for (const theme of ['Light', 'Dark'] as const)
  test(`the Table view has no serious axe violations in the ${theme.toLowerCase()} theme`, async ({
    page,
  }) => {
    const app = new ConsolePage(page);
    await app.openWithSandbox();
    await app.button('Settings').click();
    await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: theme });
    await page.keyboard.press('Escape');
    await app.runQuery(
      '{ search(query: "count:5 func") { results { results { ... on FileMatch { ' +
        'file { path } revSpec lineMatches { lineNumber } } } } } }',
    );
    await expect(app.runButton).toBeVisible();
    await app.responseView('Table').click();
    await app.tableSortButton('file.path').click();
    await expect(app.responseTable.getByRole('cell', { name: 'null' }).first()).toBeVisible();
    expect(await seriousViolations(page, '[role="region"][aria-label="Response"]')).toEqual([]);
  });
