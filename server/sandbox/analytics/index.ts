/**
 * The analytics sandbox: a stand-in for the analytics export API on its own origin.
 * `GET /api/reports/by-user-client-date` streams a CSV report, `GET /api/credits` lists credit
 * buckets as JSON; both need `Authorization: Bearer <token>`. Facts and choices: README.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Handler } from '../../http-util.ts';
import { requestUrl, sendText } from '../../http-util.ts';
import { addDays } from '../../../src/shared/contracts/dates.ts';
import { normalizeInstanceHost } from '../../../src/shared/contracts/host.ts';
import {
  checkIsoDate,
  DEFAULT_GRANULARITY,
  GRANULARITIES,
  type Granularity,
  isGranularity,
  reportFileName,
} from '../../../src/shared/contracts/report-params.ts';
import type { SandboxOptions } from '../types.ts';
import { authenticate, createTokens, type TokenInfo } from './auth.ts';
import { createBuckets, filterBuckets } from './credits.ts';
import { createDataset, type Dataset, DEFAULT_REPORT_SCALE, reportScaleProblem } from './data.ts';
import { withInstanceUsers } from './instance-users.ts';
import { creditsFault, FAULT_HOSTS, isFaultHost, reportFault } from './faults.ts';
import { reportBody } from './report-bytes.ts';
import { pumpLines } from './stream.ts';

export interface AnalyticsOptions extends SandboxOptions {
  analyticsUrl: string;
  /** Host of the sandbox instance, one of the instances the analytics service has data for. */
  instanceHost: string;
  /** The service's "today" (`YYYY-MM-DD`, UTC); defaults to the real current date. For tests. */
  today?: string;
}

export interface SandboxAnalytics {
  handler: Handler;
  /** Demo tokens by role: analytics, analytics_limited, analytics_expired, analytics_revoked. */
  tokens: Record<string, string>;
  instances: string[];
}

/** Fictional instances besides the sandbox instance; `analytics_limited` sees only the first. */
export const ACME_HOST = 'acme.sourcegraphcloud.example';
export const GLOBEX_HOST = 'globex.sourcegraph.example';

const REPORT_PATH = '/api/reports/by-user-client-date';
const CREDITS_PATH = '/api/credits';

const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Disposition, Retry-After',
};

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface CommonParams {
  host: string;
  startDate: string;
  endDate: string;
}

function commonParams(url: URL): CommonParams {
  const raw = url.searchParams.get('instanceURL');
  if (raw === null || raw.trim() === '') {
    throw new HttpProblem(
      400,
      'Missing instanceURL: pass the instance host, e.g. instanceURL=example.sourcegraphcloud.com.',
    );
  }
  const host = normalizeInstanceHost(raw);
  if (!host.ok || /[/?#@]|:\/\//.test(raw)) {
    throw new HttpProblem(
      400,
      `Invalid instanceURL "${raw}": pass the host only, e.g. example.sourcegraphcloud.com.`,
    );
  }
  const dates = { startDate: '', endDate: '' };
  for (const name of ['startDate', 'endDate'] as const) {
    const v = url.searchParams.get(name) ?? '';
    if (v !== '' && checkIsoDate(v)) {
      throw new HttpProblem(400, `Invalid ${name} "${v}": expected a real date as YYYY-MM-DD.`);
    }
    dates[name] = v;
  }
  if (dates.startDate && dates.endDate && dates.startDate > dates.endDate) {
    throw new HttpProblem(400, `startDate ${dates.startDate} is after endDate ${dates.endDate}.`);
  }
  return { host: host.host, ...dates };
}

function granularityParam(url: URL): Granularity {
  const g = url.searchParams.get('granularity') || DEFAULT_GRANULARITY;
  if (!isGranularity(g)) {
    throw new HttpProblem(
      400,
      `Invalid granularity "${g}": expected one of ${GRANULARITIES.join(', ')}.`,
    );
  }
  return g;
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Creates the analytics sandbox's request handler, its demo tokens and its instance list. */
export async function createAnalyticsHandler(opts: AnalyticsOptions): Promise<SandboxAnalytics> {
  const scale = opts.reportScale && opts.reportScale > 0 ? opts.reportScale : DEFAULT_REPORT_SCALE;
  const problem = reportScaleProblem(scale);
  if (problem) throw new Error(problem);
  const today = opts.today ?? todayUtc();
  const lastDay = addDays(today, -1);
  const datasets = new Map<string, Dataset>();
  const add = (host: string, s: number, domain: string) =>
    datasets.set(host, createDataset(host, s, lastDay, domain));
  // The sandbox instance's report names that instance's users (seat-users.ts).
  const instanceHost = opts.instanceHost.toLowerCase();
  const instanceData = createDataset(instanceHost, scale, lastDay, 'sandbox.example');
  datasets.set(instanceHost, withInstanceUsers(instanceData));
  add(ACME_HOST, scale, 'acme.example');
  add(GLOBEX_HOST, Math.max(1, Math.round(scale / 5)), 'globex.example');
  const instances = [...datasets.keys()];
  for (const h of FAULT_HOSTS) add(h, Math.min(scale, 2000), 'faults.example');

  const tokenMap = createTokens([ACME_HOST]);
  const tokens: Record<string, string> = {};
  for (const [value, info] of tokenMap) tokens[info.role] = value;

  function visible(token: TokenInfo, host: string): Dataset {
    const ds = datasets.get(host);
    if (!ds)
      throw new HttpProblem(404, `Unknown instance ${host}: this service has no data for it.`);
    if (token.instances !== '*' && !token.instances.includes(host)) {
      throw new HttpProblem(403, `Your access token does not grant access to instance ${host}.`);
    }
    return ds;
  }

  async function serveReport(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    token: TokenInfo,
  ) {
    const p = commonParams(url);
    const granularity = granularityParam(url);
    const ds = visible(token, p.host);
    const headers = {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${reportFileName({ ...p, granularity })}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    };
    if (isFaultHost(p.host)) {
      await reportFault(
        { req, res, base: CORS },
        p.host,
        ds,
        granularity,
        p.startDate,
        p.endDate,
        headers,
      );
      return;
    }
    res.writeHead(200, { ...CORS, ...headers });
    await pumpLines(res, reportBody(ds, granularity, p.startDate, p.endDate));
  }

  async function serveCredits(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    token: TokenInfo,
  ) {
    const p = commonParams(url);
    visible(token, p.host);
    const buckets = filterBuckets(createBuckets(p.host, today), p.startDate, p.endDate);
    if (
      isFaultHost(p.host) &&
      (await creditsFault({ req, res, base: CORS }, p.host, p.host, buckets))
    ) {
      return;
    }
    const body = JSON.stringify({ instanceURL: p.host, buckets });
    res.writeHead(200, {
      ...CORS,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
    });
    res.end(body);
  }

  const handler: Handler = async (req, res) => {
    const url = requestUrl(req);
    const route =
      url.pathname === REPORT_PATH
        ? serveReport
        : url.pathname === CREDITS_PATH
          ? serveCredits
          : undefined;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...CORS,
        'Access-Control-Allow-Methods': 'GET, OPTIONS',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    if (!route) return sendText(res, 404, 'Not found.', CORS);
    if (req.method !== 'GET') {
      return sendText(res, 405, 'Method not allowed: use GET.', { ...CORS, Allow: 'GET, OPTIONS' });
    }
    const auth = authenticate(req.headers.authorization, tokenMap);
    if (!auth.ok) {
      return sendText(res, 401, auth.message, {
        ...CORS,
        'WWW-Authenticate': 'Bearer realm="analytics"',
      });
    }
    try {
      await route(req, res, url, auth.token);
    } catch (err) {
      if (!(err instanceof HttpProblem)) throw err;
      sendText(res, err.status, err.message, CORS);
    }
  };

  return { handler, tokens, instances };
}
