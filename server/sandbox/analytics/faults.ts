/**
 * Fault and format hosts: instance hosts that make the service misbehave deterministically, for the
 * Analytics tab's error tests. Visible only to the `analytics` demo token. See README.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Granularity } from '../../../src/shared/contracts/report-params.ts';
import { type CreditBucketJson } from './credits.ts';
import type { Dataset } from './data.ts';
import { EOL, reportLines } from './report.ts';
import { pumpLines } from './stream.ts';

export const FAULT_HOSTS = [
  'fault-429.example',
  'fault-html.example',
  'fault-drop.example',
  'fault-empty.example',
  'fault-header-only.example',
  'fault-bom.example',
  'fault-slow.example',
  'format-array.example',
  'format-wrapped.example',
  'format-csv.example',
] as const;
export type FaultHost = (typeof FAULT_HOSTS)[number];

export function isFaultHost(host: string): host is FaultHost {
  return (FAULT_HOSTS as readonly string[]).includes(host);
}

/** Complete data rows `fault-drop.example` sends before cutting the connection. */
export const DROP_AFTER_ROWS = 500;
/** Rows `fault-slow.example` sends per 200 ms, and in total. */
const SLOW_BATCH = 50;
const SLOW_TOTAL_ROWS = 5000;

const HTML_502 =
  '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n' +
  '<body><h1>502 Bad Gateway</h1><p>The upstream server is temporarily unavailable.</p>' +
  '<hr><address>nginx</address></body></html>\n';

export interface FaultContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** Headers every response carries (CORS). */
  base: Record<string, string>;
}

function send(
  c: FaultContext,
  status: number,
  headers: Record<string, string>,
  body: string,
): void {
  c.res.writeHead(status, {
    ...c.base,
    ...headers,
    'Content-Length': String(Buffer.byteLength(body)),
  });
  c.res.end(body);
}

/**
 * Handles the faults common to both endpoints. Returns true when the response was handled.
 */
function commonFault(c: FaultContext, host: FaultHost, contentType: string): boolean {
  switch (host) {
    case 'fault-429.example':
      send(c, 429, { 'Retry-After': '7' }, '');
      return true;
    case 'fault-html.example':
      send(c, 502, { 'Content-Type': 'text/html; charset=utf-8' }, HTML_502);
      return true;
    case 'fault-empty.example':
      send(c, 200, { 'Content-Type': contentType }, '');
      return true;
    default:
      return false;
  }
}

const CSV = 'text/csv; charset=utf-8';

/** Serves a report from a fault host. */
export async function reportFault(
  c: FaultContext,
  host: FaultHost,
  ds: Dataset,
  g: Granularity,
  startDate: string,
  endDate: string,
  headers: Record<string, string>,
): Promise<void> {
  if (commonFault(c, host, CSV)) return;
  const lines = reportLines(ds, g, startDate, endDate);
  const take = (n: number): string[] => {
    // Pull by hand: breaking out of a for…of would close the generator.
    const out: string[] = [];
    while (out.length < n) {
      const r = lines.next();
      if (r.done) break;
      if (r.value) out.push(r.value);
    }
    return out;
  };
  switch (host) {
    case 'fault-header-only.example':
      send(c, 200, headers, take(1).join(''));
      return;
    case 'fault-bom.example': {
      const rows = take(41);
      // Ragged rows: row 3 lost its last five cells, row 7 has two extra cells.
      if (rows[3]) rows[3] = rows[3].split(',').slice(0, -5).join(',') + EOL;
      if (rows[7]) rows[7] = rows[7].replace(EOL, `,extra,"cells"${EOL}`);
      send(c, 200, headers, '\uFEFF' + rows.join(''));
      return;
    }
    case 'fault-drop.example': {
      c.res.writeHead(200, { ...c.base, ...headers });
      const rows = take(DROP_AFTER_ROWS + 2);
      const partial = rows.pop() ?? '';
      const body = rows.join('') + partial.slice(0, Math.floor(partial.length / 2));
      c.res.write(body, () => {
        setTimeout(() => c.res.destroy(), 100);
      });
      return;
    }
    case 'fault-slow.example': {
      c.res.writeHead(200, { ...c.base, ...headers });
      let closed = false;
      c.res.once('close', () => (closed = true));
      c.res.write(take(1).join(''));
      for (let sent = 0; sent < SLOW_TOTAL_ROWS && !closed; sent += SLOW_BATCH) {
        await sleep(200);
        if (!closed) c.res.write(take(SLOW_BATCH).join(''));
      }
      if (!closed) c.res.end();
      return;
    }
    default:
      await pumpLines(c.res.writeHead(200, { ...c.base, ...headers }), lines);
  }
}

function bucketsCsv(buckets: CreditBucketJson[]): string {
  const rows = buckets.map(
    (b) => `${b.id},${b.activePeriod.start},${b.activePeriod.end},${b.allocation},${b.consumption}`,
  );
  return ['Bucket ID,Active Period Start,Active Period End,Allocation,Consumption', ...rows]
    .map((l) => l + EOL)
    .join('');
}

/** Serves credits from a fault or format host; returns false to serve the normal answer. */
export async function creditsFault(
  c: FaultContext,
  host: FaultHost,
  instanceURL: string,
  buckets: CreditBucketJson[],
): Promise<boolean> {
  const json = 'application/json; charset=utf-8';
  if (commonFault(c, host, json)) return true;
  switch (host) {
    case 'fault-drop.example': {
      c.res.writeHead(200, { ...c.base, 'Content-Type': json });
      const body = JSON.stringify({ instanceURL, buckets });
      c.res.write(body.slice(0, Math.floor(body.length / 2)), () => {
        setTimeout(() => c.res.destroy(), 100);
      });
      return true;
    }
    case 'fault-header-only.example':
      send(c, 200, { 'Content-Type': CSV }, bucketsCsv([]));
      return true;
    case 'fault-bom.example':
      send(c, 200, { 'Content-Type': CSV }, '\uFEFF' + bucketsCsv(buckets));
      return true;
    case 'format-csv.example':
      send(c, 200, { 'Content-Type': CSV }, bucketsCsv(buckets));
      return true;
    case 'format-array.example':
      // Flat snake_case fields, as other services name them.
      send(
        c,
        200,
        { 'Content-Type': json },
        JSON.stringify(
          buckets.map((b) => ({
            bucket_id: b.id,
            active_period_start: `${b.activePeriod.start}T00:00:00Z`,
            active_period_end: `${b.activePeriod.end}T23:59:59Z`,
            allocated_credits: b.allocation,
            consumed_credits: b.consumption,
          })),
        ),
      );
      return true;
    case 'format-wrapped.example':
      send(
        c,
        200,
        { 'Content-Type': json },
        JSON.stringify({
          total: buckets.length,
          data: buckets.map((b) => ({
            id: b.id,
            startDate: b.activePeriod.start,
            endDate: b.activePeriod.end,
            credits: b.allocation,
            used: b.consumption,
            daily: b.daily,
          })),
        }),
      );
      return true;
    case 'fault-slow.example':
      await sleep(3000);
      return false;
    default:
      return false;
  }
}
