import { expect, test } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.ts';
import { cellNumber, sandboxReport, type ReportRecord } from './pages/sandbox-report.ts';

// Rates over many rows are the ratio of their parts' sums, never the mean of the rows' rates:
// checked against sums the test makes itself from the sandbox's CSV, fetched over HTTP.

const num = (v: string | undefined) => (v ? Number(v) : 0);

/** Per key: Σ num ÷ Σ den (× scale) over the rows with a denominator, and the mean of the rate cells. */
function ratios(
  rows: ReportRecord[],
  key: (r: ReportRecord) => string,
  parts: { num: string; den: string; rate: string; scale: number },
) {
  const acc = new Map<string, { num: number; den: number; rates: number[] }>();
  for (const r of rows) {
    if (r[parts.den] === undefined) throw new Error(`The report has no column "${parts.den}".`);
    if (!r[parts.den]) continue;
    const a = acc.get(key(r)) ?? { num: 0, den: 0, rates: [] };
    a.num += num(r[parts.num]);
    a.den += num(r[parts.den]);
    if (r[parts.rate]) a.rates.push(Number(r[parts.rate]));
    acc.set(key(r), a);
  }
  return new Map(
    [...acc].map(([k, a]) => [
      k,
      {
        ratio: a.den > 0 ? (parts.scale * a.num) / a.den : null,
        mean: a.rates.length ? a.rates.reduce((x, y) => x + y, 0) / a.rates.length : null,
      },
    ]),
  );
}

test('Summary: Combined CAR per client equals Σ acceptances ÷ Σ suggestions of the CSV', async ({
  page,
}) => {
  const an = new AnalyticsPage(page);
  const info = await an.connectToSandbox();
  await an.loadReport(info.instances[0], 'by_user_day_client_language');
  const rows = await sandboxReport(page.request, info);
  const expected = ratios(rows, (r) => r['Client Name'] ?? '', {
    num: 'Combined Completion Acceptances',
    den: 'Combined Completion Suggestions',
    rate: 'Combined CAR',
    scale: 1,
  });
  // The test can tell the two apart: a mean of the rows' rates is off by more than rounding.
  const gaps = [...expected.values()].map((e) => Math.abs((e.ratio ?? 0) - (e.mean ?? 0)));
  expect(Math.max(...gaps)).toBeGreaterThan(0.001);

  await an.summary.getByRole('combobox', { name: 'Group by' }).selectOption({ label: 'Client' });
  await an.summary
    .getByRole('combobox', { name: 'Value' })
    .selectOption({ label: 'Combined CAR (ratio of sums)' });
  const column = 'Combined CAR (ratio of sums)';
  await expect(an.summaryTable.getByRole('columnheader', { name: column })).toBeVisible();
  await expect(an.summary).toContainText(
    'Combined CAR = sum of Combined Completion Acceptances ÷ sum of Combined Completion Suggestions',
  );
  const [head = [], ...body] = await an.tableCells(an.summaryTable);
  const at = head.indexOf(column);
  const sumDen = head.indexOf('Sum of Combined Completion Suggestions');
  expect(at).toBeGreaterThan(0);
  expect(sumDen).toBeGreaterThan(0);
  const ide = body.filter((r) => (r[0] ?? '').endsWith('.cody'));
  expect(ide.length).toBeGreaterThan(1);
  for (const r of body) {
    const client = r[0] ?? '';
    const want = expected.get(client)?.ratio ?? null;
    const shown = cellNumber(r[at]);
    if (want === null) {
      expect(shown, `${client}: no suggestions, no rate`).toBeNull();
      continue;
    }
    // Shown with 4 decimals.
    expect(Math.abs((shown ?? NaN) - want), `${client}: ${shown} vs ${want}`).toBeLessThanOrEqual(
      0.00005 + 1e-9,
    );
  }
});

test('Report chart: % of code written per month is 100 × Σ Cody characters ÷ Σ characters', async ({
  page,
}) => {
  const an = new AnalyticsPage(page);
  const info = await an.connectToSandbox();
  await an.loadReport(info.instances[0], 'by_user_day_client_language');
  const rows = await sandboxReport(page.request, info);
  const expected = ratios(rows, (r) => (r['Timestamp Date (or Month)'] ?? '').slice(0, 7), {
    num: 'Total Characters Written by Cody',
    den: 'Total Characters Written',
    rate: 'Percentage of Code Written by Cody',
    scale: 100,
  });

  const metric = an.chart.getByRole('combobox', { name: 'Chart metric' });
  const options = await metric.locator('option').allTextContents();
  expect(options).toEqual(
    expect.arrayContaining([
      'Combined CAR (ratio of sums)',
      'Weighted CAR (mean of rows)',
      'Percentage of Code Written by Cody (ratio of sums)',
      'Auto-edit acceptance rate (ratio of sums)',
    ]),
  );
  expect(options.some((o) => / \(mean\)$/.test(o))).toBe(false);
  await metric.selectOption({ label: 'Percentage of Code Written by Cody (ratio of sums)' });
  await an.chart.getByRole('combobox', { name: 'Per' }).selectOption('month');
  await expect(an.chart).toContainText('per month');
  await an.chart.getByText('Chart data as a table').click();
  const table = an.chart.getByRole('table');
  await expect.poll(async () => (await an.tableCells(table)).length).toBe(expected.size + 1);
  const [, ...body] = await an.tableCells(table);
  for (const [month, value] of body) {
    const want = expected.get(month ?? '')?.ratio ?? null;
    const shown = cellNumber(value);
    expect(want, `${month} in the CSV`).not.toBeNull();
    // Above 10: shown with 2 decimals.
    expect(Math.abs((shown ?? NaN) - want!), `${month}: ${shown} vs ${want}`).toBeLessThanOrEqual(
      0.005 + 1e-9,
    );
  }

  // Weighted CAR has no parts in the report: a mean of rows, and the page says so.
  await metric.selectOption({ label: 'Weighted CAR (mean of rows)' });
  await expect(an.chart).toContainText("Weighted CAR is the mean of the rows' values");
});
