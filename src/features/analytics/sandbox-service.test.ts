import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listen } from '../../../server/http-util.ts';
import { parseCredits } from './lib/credits.ts';
import { bucketSummary, projectRunOut } from './lib/credit-series.ts';
import { GRANULARITIES, type Granularity } from '../../shared/contracts/report-params.ts';
import { AUTH_ERRORS } from '../../../server/sandbox/analytics/auth.ts';
import { DROP_AFTER_ROWS } from '../../../server/sandbox/analytics/faults.ts';
import {
  ACME_HOST,
  createAnalyticsHandler,
  GLOBEX_HOST,
  type SandboxAnalytics,
} from '../../../server/sandbox/analytics/index.ts';
import {
  DATE_COLUMN,
  IDENTITY_COLUMNS,
  METRIC_COLUMNS,
} from '../../../server/sandbox/analytics/report.ts';

const TODAY = '2026-06-15';
const INSTANCE = '127.0.0.1:4490';
let server: Server;
let base: string;
let svc: SandboxAnalytics;

beforeAll(async () => {
  svc = await createAnalyticsHandler({
    host: '127.0.0.1',
    port: 4490,
    analyticsUrl: 'http://127.0.0.1:4491',
    instanceHost: INSTANCE,
    reportScale: 3000,
    today: TODAY,
  });
  server = await listen(svc.handler, '127.0.0.1', 0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => closeServer(server));

/** The sandbox's analytics demo token; fails the test when there is none. */
function analyticsToken(): string {
  const token = svc.tokens.analytics;
  if (!token) throw new Error('the analytics sandbox has no "analytics" token');
  return token;
}

function get(path: string, token: string | null = analyticsToken(), init: RequestInit = {}) {
  const headers: Record<string, string> =
    token === null ? {} : { Authorization: `Bearer ${token}` };
  return fetch(base + path, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
}

function reportPath(params: Record<string, string>): string {
  return `/api/reports/by-user-client-date?${new URLSearchParams({ instanceURL: INSTANCE, ...params })}`;
}

async function report(
  params: Record<string, string> = {},
): Promise<{ text: string; rows: string[][] }> {
  const res = await get(reportPath(params));
  expect(res.status).toBe(200);
  const text = await res.text();
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { text, rows: parsed.data };
}

function column(rows: string[][], name: string): string[] {
  const i = rows[0]?.indexOf(name) ?? -1;
  expect(i).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((r) => r[i] ?? '');
}

const metricNames = METRIC_COLUMNS.map((c) => c.name);
const expectedHeaders: Record<Granularity, string[]> = {
  by_user: [...IDENTITY_COLUMNS, ...metricNames],
  by_user_month: [...IDENTITY_COLUMNS, DATE_COLUMN, ...metricNames],
  by_user_day: [...IDENTITY_COLUMNS, DATE_COLUMN, ...metricNames],
  by_user_day_client_language: [
    ...IDENTITY_COLUMNS,
    'Client Name',
    DATE_COLUMN,
    'Language',
    ...metricNames,
  ],
};

describe('report export', () => {
  it('uses the documented column names', () => {
    expect(expectedHeaders.by_user_day_client_language).toEqual([
      'Instance user ID',
      'User Email',
      'Username',
      'Active Sourcegraph User',
      'Client Name',
      'Timestamp Date (or Month)',
      'Language',
      'Searches',
      'Code Navigation Events',
      'Code Insight Views',
      'Chat Events',
      'Command Events',
      'Combined Completion Suggestions',
      'Combined Completion Acceptances',
      'Total Accepted Char Count',
      'Combined CAR',
      'Weighted CAR',
      'Total Characters Written by Cody',
      'Total Characters Written',
      'Percentage of Code Written by Cody',
      'Auto-edit suggested events',
      'Auto-edit accepted events',
      'Auto-edit acceptance rate',
      'Lines changed by chats and commands',
      'Lines changed by completions and auto-edits',
    ]);
  });

  it.each(GRANULARITIES)('%s: header row, same width on every row, CRLF', async (g) => {
    const { text, rows } = await report({ granularity: g });
    expect(rows[0]).toEqual(expectedHeaders[g]);
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) expect(r.length).toBe(rows[0]?.length);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/"[^"]*"/g, '').match(/(?<!\r)\n/)).toBeNull();
  });

  it('without granularity gives the default (client and language)', async () => {
    const { rows } = await report();
    expect(rows[0]).toEqual(expectedHeaders.by_user_day_client_language);
    const clients = new Set(column(rows, 'Client Name'));
    for (const c of clients) {
      expect([
        'vscode.cody',
        'jetbrains.cody',
        'visualstudio.cody',
        'eclipse.cody',
        'server.web',
        'server.svelte-web',
      ]).toContain(c);
    }
    expect([...clients]).toEqual(
      expect.arrayContaining(['vscode.cody', 'jetbrains.cody', 'server.web']),
    );
    expect(column(rows, 'Language')).toContain('typescript');
  });

  it('has headers for a download and a CSV content type', async () => {
    const res = await get(reportPath({ granularity: 'by_user', startDate: '2026-01-01' }));
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="report_127.0.0.1-4490_by_user_2026-01-01_all.csv"',
    );
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    await res.arrayBuffer();
  });

  it('has real-world texture: quotes, commas, newlines, non-ASCII, empty cells, decimals', async () => {
    const { text, rows } = await report({ granularity: 'by_user' });
    expect(text).toContain('"""o\'brien, pat""@sandbox.example"');
    expect(text).toContain('"legacy\nimport"');
    const names = column(rows, 'Username');
    expect(names).toEqual(expect.arrayContaining(['jürgen.müller', '山田太郎', 'dev🚀ops', '']));
    expect(column(rows, 'User Email')).toContain('');
    expect(column(rows, 'Combined CAR').some((v) => /^0\.\d+$/.test(v))).toBe(true);
    const fine = await report();
    expect(column(fine.rows, 'Language')).toContain('');
    expect(column(fine.rows, 'Searches')).toContain('');
  });

  it('month granularity holds YYYY-MM, day granularity YYYY-MM-DD', async () => {
    const months = column((await report({ granularity: 'by_user_month' })).rows, DATE_COLUMN);
    expect(months.every((m) => /^\d{4}-\d{2}$/.test(m))).toBe(true);
    expect(new Set(months).size).toBeGreaterThan(10);
    const days = column((await report({ granularity: 'by_user_day' })).rows, DATE_COLUMN);
    expect(days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
  });

  it('totals agree across granularities', async () => {
    const sums: number[] = [];
    for (const g of GRANULARITIES) {
      const { rows } = await report({
        granularity: g,
        startDate: '2026-03-10',
        endDate: '2026-05-20',
      });
      sums.push(column(rows, 'Searches').reduce((s, v) => s + Number(v || 0), 0));
    }
    expect(sums[0]).toBeGreaterThan(0);
    expect(new Set(sums).size).toBe(1);
  });

  describe('date rules', () => {
    async function dates(params: Record<string, string>): Promise<string[]> {
      return column(
        (await report({ granularity: 'by_user_day', ...params })).rows,
        DATE_COLUMN,
      ).sort();
    }
    it('neither bound: all time, up to yesterday', async () => {
      const d = await dates({});
      expect(d.at(-1)).toBe('2026-06-14');
      expect(d[0] !== undefined && d[0] < '2025-08-01').toBe(true);
    });
    it('only startDate applies only the start', async () => {
      const d = await dates({ startDate: '2026-05-01' });
      expect(d[0]).toBe('2026-05-01');
      expect(d.at(-1)).toBe('2026-06-14');
    });
    it('only endDate applies only the end', async () => {
      const all = await dates({});
      const d = await dates({ endDate: '2025-12-31' });
      expect(d[0]).toBe(all[0]);
      expect(d.at(-1)).toBe('2025-12-31');
    });
    it('both bounds', async () => {
      const d = await dates({ startDate: '2026-02-01', endDate: '2026-02-28' });
      expect(d[0] !== undefined && d[0] >= '2026-02-01' && d[0] <= '2026-02-03').toBe(true);
      expect((d.at(-1) ?? '') <= '2026-02-28').toBe(true);
      expect(new Set(d).size).toBeGreaterThan(15);
    });
    it('same start and end day', async () => {
      const d = await dates({ startDate: '2026-03-03', endDate: '2026-03-03' });
      expect(new Set(d)).toEqual(new Set(['2026-03-03']));
    });
    it('a range without data gives the header only (by_user lists users with empty cells)', async () => {
      const { rows } = await report({ startDate: '2030-01-01' });
      expect(rows).toHaveLength(1);
      const byUser = await report({ granularity: 'by_user', endDate: '2000-01-01' });
      expect(byUser.rows.length).toBeGreaterThan(3);
      expect(column(byUser.rows, 'Searches').every((v) => v === '')).toBe(true);
    });
    it('month granularity with bounds keeps only the months in range', async () => {
      const m = column(
        (
          await report({
            granularity: 'by_user_month',
            startDate: '2026-02-15',
            endDate: '2026-04-10',
          })
        ).rows,
        DATE_COLUMN,
      );
      expect(new Set(m)).toEqual(new Set(['2026-02', '2026-03', '2026-04']));
    });
  });

  it('is deterministic: two requests give identical bytes', async () => {
    const digest = async () =>
      createHash('sha256')
        .update(Buffer.from(await (await get(reportPath({}))).arrayBuffer()))
        .digest('hex');
    expect(await digest()).toBe(await digest());
  });

  it('different instances have different data', async () => {
    const a = await (await get(reportPath({}))).text();
    const b = await (await get(reportPath({ instanceURL: ACME_HOST }))).text();
    expect(a).not.toBe(b);
  });
});

describe('errors', () => {
  const R = '/api/reports/by-user-client-date';
  const C = '/api/credits';
  it.each<[string, string, string | null, number, string | RegExp]>([
    ['missing token', `${R}?instanceURL=${INSTANCE}`, null, 401, AUTH_ERRORS.missing],
    ['unknown token', `${R}?instanceURL=${INSTANCE}`, 'sams_at_nope', 401, AUTH_ERRORS.invalid],
    ['missing token (credits)', `${C}?instanceURL=${INSTANCE}`, null, 401, AUTH_ERRORS.missing],
    ['missing instanceURL', R, 'analytics', 400, /Missing instanceURL/],
    ['empty instanceURL', `${C}?instanceURL=`, 'analytics', 400, /Missing instanceURL/],
    [
      'URL instead of host',
      `${R}?instanceURL=https%3A%2F%2F${ACME_HOST}%2F`,
      'analytics',
      400,
      /pass the host only/,
    ],
    ['garbage host', `${R}?instanceURL=a%20b`, 'analytics', 400, /pass the host only/],
    [
      'unknown instance',
      `${R}?instanceURL=nope.example`,
      'analytics',
      404,
      'Unknown instance nope.example: this service has no data for it.',
    ],
    [
      'unknown instance (credits)',
      `${C}?instanceURL=nope.example`,
      'analytics',
      404,
      /Unknown instance/,
    ],
    [
      'instance not visible to the token',
      `${R}?instanceURL=${INSTANCE}`,
      'analytics_limited',
      403,
      `Your access token does not grant access to instance ${INSTANCE}.`,
    ],
    [
      'fault host not visible to the limited token',
      `${R}?instanceURL=fault-429.example`,
      'analytics_limited',
      403,
      /does not grant access/,
    ],
    [
      'bad date format',
      `${R}?instanceURL=${ACME_HOST}&startDate=2025-1-1`,
      'analytics',
      400,
      'Invalid startDate "2025-1-1": expected a real date as YYYY-MM-DD.',
    ],
    [
      'date that does not exist',
      `${R}?instanceURL=${ACME_HOST}&endDate=2025-02-30`,
      'analytics',
      400,
      /Invalid endDate "2025-02-30"/,
    ],
    [
      'bad date (credits)',
      `${C}?instanceURL=${ACME_HOST}&endDate=tomorrow`,
      'analytics',
      400,
      /Invalid endDate/,
    ],
    [
      'start after end',
      `${R}?instanceURL=${ACME_HOST}&startDate=2025-03-01&endDate=2025-02-01`,
      'analytics',
      400,
      'startDate 2025-03-01 is after endDate 2025-02-01.',
    ],
    [
      'start after end (credits)',
      `${C}?instanceURL=${ACME_HOST}&startDate=2025-03-01&endDate=2025-02-01`,
      'analytics',
      400,
      /is after endDate/,
    ],
    [
      'bad granularity',
      `${R}?instanceURL=${ACME_HOST}&granularity=weekly`,
      'analytics',
      400,
      /Invalid granularity "weekly": expected one of by_user, by_user_month/,
    ],
    ['unknown path', '/api/reports', 'analytics', 404, 'Not found.'],
  ])('%s → %i', async (_name, path, role, status, body) => {
    const token = role === null ? null : (svc.tokens[role] ?? role);
    const res = await get(path, token);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const text = await res.text();
    if (typeof body === 'string') expect(text).toBe(body + '\n');
    else expect(text).toMatch(body);
  });

  it.each([
    ['analytics_expired', AUTH_ERRORS.expired],
    ['analytics_revoked', AUTH_ERRORS.revoked],
  ])('%s → 401 with its own text', async (role, message) => {
    const res = await get(reportPath({}), svc.tokens[role]);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await res.text()).toBe(message + '\n');
  });

  it('expired and revoked texts differ from each other and from an unknown token', () => {
    expect(new Set([AUTH_ERRORS.expired, AUTH_ERRORS.revoked, AUTH_ERRORS.invalid]).size).toBe(3);
  });

  it('a non-Bearer scheme is refused', async () => {
    const res = await fetch(base + reportPath({}), {
      headers: { Authorization: `token ${svc.tokens.analytics}` },
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toBe(AUTH_ERRORS.scheme + '\n');
  });

  it('POST → 405', async () => {
    const res = await get(reportPath({}), svc.tokens.analytics, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, OPTIONS');
  });

  it('answers CORS preflight for the Authorization header', async () => {
    const res = await fetch(base + reportPath({}), {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://somewhere.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/GET/);
  });

  it('the limited token sees its instance', async () => {
    const res = await get(reportPath({ instanceURL: ACME_HOST }), svc.tokens.analytics_limited);
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  });
});

describe('credits', () => {
  async function credits(params: Record<string, string | undefined> = {}) {
    const res = await get(
      `/api/credits?${new URLSearchParams({ instanceURL: INSTANCE, ...params })}`,
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    const parsed = parseCredits(res.headers.get('content-type'), text);
    if (!parsed.ok) throw new Error(parsed.message);
    return { json: JSON.parse(text) as { instanceURL: string }, parsed };
  }

  it('serves JSON that parseCredits reads as our format', async () => {
    const { json, parsed } = await credits();
    expect(json.instanceURL).toBe(INSTANCE);
    expect(parsed.format).toBe('json');
    expect(parsed.buckets).toHaveLength(4);
    for (const b of parsed.buckets) {
      expect(b.consumption).toBe((b.daily ?? []).reduce((s, d) => s + d.consumed, 0));
    }
  });

  it('has past buckets, an active bucket that runs out before its end, and a future one', async () => {
    const { parsed } = await credits();
    const active = parsed.buckets.filter((b) => bucketSummary(b, TODAY).active);
    expect(active).toHaveLength(1);
    expect(parsed.buckets.filter((b) => b.end < TODAY).length).toBeGreaterThanOrEqual(1);
    const future = parsed.buckets.filter((b) => b.start > TODAY);
    expect(future).toHaveLength(1);
    expect(future[0]?.consumption).toBe(0);
    const [current] = active;
    if (!current) throw new Error('no active bucket');
    const p = projectRunOut(current, TODAY);
    expect(p?.runsOutBeforeEnd).toBe(true);
    expect(p?.runOutDate && p.runOutDate > TODAY).toBe(true);
    expect(parsed.buckets.some((b) => bucketSummary(b, TODAY).percentUsed > 100)).toBe(true);
  });

  it.each<[{ startDate?: string; endDate?: string }, number]>([
    [{ startDate: TODAY }, 2],
    [{ endDate: TODAY }, 3],
    [{ startDate: TODAY, endDate: TODAY }, 1],
    [{ startDate: '2030-01-01' }, 0],
  ])('filters by active period overlap: %j → %i buckets', async (params, n) => {
    const { parsed } = await credits(params);
    expect(parsed.buckets).toHaveLength(n);
    for (const b of parsed.buckets) {
      if (params.startDate) expect(b.end >= params.startDate).toBe(true);
      if (params.endDate) expect(b.start <= params.endDate).toBe(true);
    }
  });

  it('a bound on a bucket edge includes the bucket', async () => {
    const [first] = (await credits()).parsed.buckets;
    if (!first) throw new Error('no credit bucket');
    const { parsed } = await credits({ startDate: first.end, endDate: first.end });
    expect(parsed.buckets.map((b) => b.id)).toEqual([first.id]);
  });
});

describe('fault hosts', () => {
  const path = (host: string, params: Record<string, string> = {}) =>
    reportPath({ instanceURL: host, ...params });

  it('fault-429: 429 with Retry-After and an empty body', async () => {
    const res = await get(path('fault-429.example'));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(await res.text()).toBe('');
  });

  it('fault-html: an HTML error page with 502', async () => {
    const res = await get(path('fault-html.example'));
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(/^<!DOCTYPE html>/);
  });

  it('fault-empty: 200 with an empty body', async () => {
    const res = await get(path('fault-empty.example'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('fault-header-only: the header row only', async () => {
    const res = await get(path('fault-header-only.example', { granularity: 'by_user' }));
    expect(await res.text()).toBe(expectedHeaders.by_user.join(',') + '\r\n');
  });

  it('fault-bom: BOM, CRLF and ragged rows', async () => {
    // fetch's text() would strip the BOM: look at the bytes.
    const bytes = Buffer.from(await (await get(path('fault-bom.example'))).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text).toContain('\r\n');
    const widths = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data.map(
      (r) => r.length,
    );
    expect(new Set(widths).size).toBe(3);
  });

  it('fault-drop: some rows, then the connection is cut', async () => {
    const res = await get(path('fault-drop.example'));
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    const failure = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return undefined;
        chunks.push(value);
      }
    })().catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    const text = Buffer.concat(chunks).toString('utf8');
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    // header + complete rows + half a row
    expect(rows.length).toBe(DROP_AFTER_ROWS + 2);
  });

  it('fault-slow: rows trickle in, and a client that cancels does not break the service', async () => {
    const ctl = new AbortController();
    const res = await get(path('fault-slow.example'), svc.tokens.analytics, { signal: ctl.signal });
    const reader = res.body!.getReader();
    let text = '';
    while (text.split('\r\n').length < 10) {
      const { done, value } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString('utf8');
    }
    ctl.abort();
    await reader.cancel().catch(() => {});
    expect(text.startsWith('Instance user ID,')).toBe(true);
    const next = await get(reportPath({ granularity: 'by_user' }));
    expect(next.status).toBe(200);
    await next.arrayBuffer();
  });

  it('fault-drop credits: half the JSON, then the connection is cut', async () => {
    const res = await get('/api/credits?instanceURL=fault-drop.example');
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it.each([
    ['format-array.example', 'json-array'],
    ['format-wrapped.example', 'json-wrapped'],
    ['format-csv.example', 'csv'],
    ['fault-bom.example', 'csv'],
  ])('credits from %s parse as %s to the same buckets', async (host, format) => {
    const res = await get(`/api/credits?instanceURL=${host}`);
    const parsed = parseCredits(res.headers.get('content-type'), await res.text());
    expect(parsed.ok && parsed.format).toBe(format);
    if (parsed.ok) {
      expect(parsed.buckets).toHaveLength(4);
      expect(parsed.buckets.map((b) => b.allocation)).toEqual([60000, 75000, 90000, 90000]);
    }
  });

  it('fault-header-only credits: a CSV with no buckets', async () => {
    const res = await get('/api/credits?instanceURL=fault-header-only.example');
    const parsed = parseCredits(res.headers.get('content-type'), await res.text());
    expect(parsed).toEqual({ ok: true, format: 'csv', buckets: [] });
  });

  it('fault hosts are not advertised as instances', () => {
    expect(svc.instances).toEqual([INSTANCE, ACME_HOST, GLOBEX_HOST]);
  });
});
