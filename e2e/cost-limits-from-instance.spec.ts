import { expect, test } from '@playwright/test';
import { estimateQueryCost } from '../src/shared/contracts/cost-estimate.ts';
import { DEFAULT_COST_LIMITS } from '../src/shared/contracts/cost-limits.ts';
import { ConsolePage } from './pages/console-page.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';
import { startServerWithSiteConfig, type ExtraServer } from './server.ts';

// An instance whose field-count limit (its site configuration) is far below the defaults the
// console starts from: its 400 names the limit, and the console's cost meter takes it over.
const FIELD_LIMIT = 50;
const QUERY = '{ users(first: 100) { nodes { username } } }';
let server: ExtraServer;

test.beforeAll(async () => {
  server = await startServerWithSiteConfig({ rateLimits: { graphQLMaxFieldCount: FIELD_LIMIT } });
});

test.afterAll(async () => {
  await server?.stop();
});

test("a run refused over the instance's own cost limits sets the meter's limits to them", async ({
  page,
  request,
}) => {
  const estimate = estimateQueryCost(QUERY, {});
  if (!estimate.ok) throw new Error(estimate.error);
  const counted = estimate.cost.fieldCount;
  expect(counted).toBeGreaterThan(FIELD_LIMIT);

  const app = new ConsolePage(page);
  await app.open(`${server.url}/debug/console`);
  await app.connection.connectAs(
    { baseUrl: server.info.base_url, token: server.info.tokens.user! },
    'alice',
  );
  const meter = page.getByRole('region', { name: 'Query cost' });
  const maxFields = page.getByRole('spinbutton', { name: 'Max field count' });

  // The console's default limits let the query go; the instance refuses it with its own.
  await app.runQuery(QUERY);
  await expect(app.responseBody).toContainText('ErrQueryComplexityLimitExceeded');
  await expect(
    meter.getByText(
      `The instance refused the last run over its own limits: field count ${FIELD_LIMIT} (it counted ${counted}).`,
    ),
  ).toBeVisible();
  await expect(meter.getByText(`${counted} / ${FIELD_LIMIT}`, { exact: true })).toBeVisible();
  await page.getByText('Limits', { exact: true }).click();
  await expect(maxFields).toHaveValue(String(FIELD_LIMIT));

  // A limit the user sets afterwards stays (the meter renders again with the same refused run).
  await app.setCostLimit('Max field count', 80);
  await expect(meter.getByText(`${counted} / 80`, { exact: true })).toBeVisible();
  await expect(maxFields).toHaveValue('80');

  // Kept like any limit the user sets.
  await page.reload();
  if (!(await maxFields.isVisible())) await page.getByText('Limits', { exact: true }).click();
  await expect(maxFields).toHaveValue('80');

  // They are this instance's: another instance has its own (here the defaults), and this one
  // finds its 80 again when the console comes back to it.
  const other = await sandboxInfo(request);
  expect(other.base_url).not.toBe(server.info.base_url);
  await app.connection.connectAs({ baseUrl: other.base_url, token: other.tokens.user }, 'alice');
  if (!(await maxFields.isVisible())) await page.getByText('Limits', { exact: true }).click();
  await expect(maxFields).toHaveValue(String(DEFAULT_COST_LIMITS.graphQLMaxFieldCount));
  await app.connection.connectAs(
    { baseUrl: server.info.base_url, token: server.info.tokens.user! },
    'alice',
  );
  if (!(await maxFields.isVisible())) await page.getByText('Limits', { exact: true }).click();
  await expect(maxFields).toHaveValue('80');
});
