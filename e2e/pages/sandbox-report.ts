import { expect, type APIRequestContext } from '@playwright/test';
import Papa from 'papaparse';
import type { AnalyticsSandbox } from './analytics-page.ts';

/** A report row by column name. */
export type ReportRecord = Record<string, string>;

/**
 * A report straight from the sandbox analytics service over HTTP (the test's own oracle, not
 * the page's worker), parsed with papaparse: `instances[0]`, all dates, the given granularity.
 */
export async function sandboxReport(
  request: APIRequestContext,
  info: AnalyticsSandbox,
  granularity = 'by_user_day_client_language',
): Promise<ReportRecord[]> {
  const res = await request.get(
    `${info.analytics_url}/api/reports/by-user-client-date?instanceURL=${encodeURIComponent(info.instances[0])}&granularity=${granularity}`,
    { headers: { Authorization: `Bearer ${info.tokens.analytics}` } },
  );
  expect(res.status()).toBe(200);
  const [header = [], ...rows] = Papa.parse<string[]>(await res.text(), {
    skipEmptyLines: true,
  }).data;
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** A summary or data-table cell as a number: grouping commas dropped; '' and '–' are null. */
export function cellNumber(text: string | undefined): number | null {
  const t = (text ?? '').trim();
  if (t === '' || t === '–') return null;
  const m = /^-?\d[\d,]*(\.\d+)?/.exec(t);
  if (!m) throw new Error(`Not a number: "${t}"`);
  return Number(m[0].replace(/,/g, ''));
}
