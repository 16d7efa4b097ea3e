/**
 * Parsing of the credits listing (`GET {analytics}/api/credits`).
 *
 * The real response format is undocumented, so we accept what integrations have seen or assumed:
 * - `json`: our sandbox's shape `{ instanceURL, buckets: [{ id, activePeriod: { start, end },
 *   allocation, consumption, daily?: [{ date, consumed }] }] }`;
 * - `json-array`: a plain array of bucket objects;
 * - `json-wrapped`: an object wrapping the array under another key (`data`, `items`, `credits`, …);
 * - `csv`: a header row naming id/start/end/allocation/consumption columns, then one row per bucket.
 * Field names are matched loosely (`activePeriod.start`, `active_period_start`, `startDate`, …) and
 * numbers may be JSON numbers or numeric strings (`"1,000"`).
 */
import Papa from 'papaparse';
import { checkIsoDate } from '../../../shared/contracts/report-params.ts';

/** One credit bucket, normalised. Dates are `YYYY-MM-DD`, both bounds inclusive. */
export interface CreditBucket {
  id: string;
  start: string;
  end: string;
  allocation: number;
  consumption: number;
  /** Consumption per day within the active period, when the service provides it. */
  daily?: { date: string; consumed: number }[];
}

type CreditsFormat = 'json' | 'json-array' | 'json-wrapped' | 'csv';
export type CreditsResult =
  { ok: true; buckets: CreditBucket[]; format: CreditsFormat } | { ok: false; message: string };

type Obj = Record<string, unknown>;

/** Lower-case, letters and digits only: `Active Period Start` → `activeperiodstart`. */
function key(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const ID_KEYS = ['id', 'bucketid', 'bucket', 'name', 'uuid'];
const START_KEYS = [
  'activeperiodstart',
  'start',
  'startdate',
  'periodstart',
  'startsat',
  'validfrom',
  'from',
  'activefrom',
];
const END_KEYS = [
  'activeperiodend',
  'end',
  'enddate',
  'periodend',
  'endsat',
  'validuntil',
  'validto',
  'to',
  'expiresat',
  'activeuntil',
];
const ALLOCATION_KEYS = [
  'allocation',
  'allocated',
  'allocatedcredits',
  'creditsallocated',
  'creditallocation',
  'allocationcredits',
  'total',
  'totalcredits',
  'credits',
  'limit',
];
const CONSUMPTION_KEYS = [
  'consumption',
  'consumed',
  'consumedcredits',
  'creditsconsumed',
  'creditconsumption',
  'used',
  'usedcredits',
  'creditsused',
  'usage',
  'spent',
];
const DAILY_KEYS = [
  'daily',
  'consumptionovertime',
  'dailyconsumption',
  'series',
  'history',
  'days',
];
const PERIOD_KEYS = ['activeperiod', 'period', 'active'];

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Flattens one level of nesting (`activePeriod: {start}` → `activeperiodstart`) into a key map. */
function fieldMap(o: Obj): Map<string, unknown> {
  const m = new Map<string, unknown>();
  for (const [k, v] of Object.entries(o)) {
    const nk = key(k);
    if (!m.has(nk)) m.set(nk, v);
    if (isObj(v) && PERIOD_KEYS.includes(nk)) {
      for (const [ik, iv] of Object.entries(v)) {
        m.set('activeperiod' + key(ik), iv);
        if (!m.has(key(ik))) m.set(key(ik), iv);
      }
    }
  }
  return m;
}

function pick(m: Map<string, unknown>, keys: string[]): unknown {
  for (const k of keys) {
    const v = m.get(k);
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
}

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string') return undefined;
  const s = v.trim().replace(/[,_\s]/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return undefined;
  return Number(s);
}

/** Accepts `YYYY-MM-DD`, a full ISO timestamp, or epoch milliseconds/seconds; returns the UTC day. */
function toDate(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) {
    const ms = v < 1e11 ? v * 1000 : v;
    return new Date(ms).toISOString().slice(0, 10);
  }
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return checkIsoDate(s) ? undefined : s;
  if (/^\d{4}-\d{2}-\d{2}[T ]/.test(s)) {
    const t = Date.parse(s.replace(' ', 'T'));
    return Number.isNaN(t) ? undefined : new Date(t).toISOString().slice(0, 10);
  }
  return undefined;
}

function parseDaily(v: unknown): CreditBucket['daily'] {
  if (!Array.isArray(v)) return undefined;
  const out: { date: string; consumed: number }[] = [];
  for (const item of v) {
    if (!isObj(item)) continue;
    const m = fieldMap(item);
    const date = toDate(pick(m, ['date', 'day', 'timestamp']));
    const consumed = toNumber(pick(m, ['consumed', 'consumption', 'value', 'used', 'credits']));
    if (date !== undefined && consumed !== undefined) out.push({ date, consumed });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Normalises one bucket-like record, or says which field is missing. */
function toBucket(m: Map<string, unknown>, index: number): CreditBucket | string {
  const where = `Bucket ${index + 1}`;
  const start = toDate(pick(m, START_KEYS));
  const end = toDate(pick(m, END_KEYS));
  const allocation = toNumber(pick(m, ALLOCATION_KEYS));
  const consumption = toNumber(pick(m, CONSUMPTION_KEYS));
  if (start === undefined)
    return `${where} has no readable start of its active period (a YYYY-MM-DD date).`;
  if (end === undefined)
    return `${where} has no readable end of its active period (a YYYY-MM-DD date).`;
  if (allocation === undefined) return `${where} has no numeric allocation.`;
  if (consumption === undefined) return `${where} has no numeric consumption.`;
  const rawId = pick(m, ID_KEYS);
  const id =
    typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : `bucket-${index + 1}`;
  const bucket: CreditBucket = { id, start, end, allocation, consumption };
  const daily = parseDaily(pick(m, DAILY_KEYS));
  if (daily && daily.length > 0) bucket.daily = daily;
  return bucket;
}

function fromRecords(records: unknown[], format: CreditsFormat): CreditsResult {
  const buckets: CreditBucket[] = [];
  for (const [i, r] of records.entries()) {
    if (!isObj(r)) return { ok: false, message: `Bucket ${i + 1} is not an object.` };
    const b = toBucket(fieldMap(r), i);
    if (typeof b === 'string') return { ok: false, message: b };
    buckets.push(b);
  }
  buckets.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  return { ok: true, buckets, format };
}

function fromJson(value: unknown): CreditsResult {
  if (Array.isArray(value)) return fromRecords(value, 'json-array');
  if (!isObj(value)) {
    return { ok: false, message: 'The credits response is JSON but neither a list nor an object.' };
  }
  const entries = Object.entries(value);
  const ours = entries.find(([k, v]) => key(k) === 'buckets' && Array.isArray(v));
  if (ours) return fromRecords(ours[1] as unknown[], 'json');
  const arrays = entries.filter(([, v]) => Array.isArray(v) && v.some(isObj));
  const preferred = ['data', 'items', 'results', 'credits', 'creditbuckets', 'records', 'rows'];
  const wrapped = arrays.find(([k]) => preferred.includes(key(k))) ?? arrays[0];
  if (wrapped) return fromRecords(wrapped[1] as unknown[], 'json-wrapped');
  if (entries.some(([k]) => START_KEYS.includes(key(k)) || PERIOD_KEYS.includes(key(k)))) {
    return fromRecords([value], 'json-wrapped');
  }
  const err = pick(fieldMap(value), ['error', 'message', 'detail']);
  return {
    ok: false,
    message:
      typeof err === 'string'
        ? `The credits service answered with an error: ${err}`
        : `The credits response has no list of buckets (keys: ${entries.map(([k]) => k).join(', ') || 'none'}).`,
  };
}

function fromCsv(text: string): CreditsResult {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const rows = parsed.data;
  const header = rows[0];
  if (!header || rows.length < 1) return { ok: false, message: 'The credits CSV is empty.' };
  const keys = header.map(key);
  const hasColumn = (list: string[]) => keys.some((k) => list.includes(k));
  if (!hasColumn(START_KEYS) || !hasColumn(ALLOCATION_KEYS) || !hasColumn(CONSUMPTION_KEYS)) {
    return {
      ok: false,
      message:
        'The credits CSV needs a header row with start, end, allocation and consumption columns; ' +
        `found: ${header.join(', ')}.`,
    };
  }
  const records = rows.slice(1).map((row) => {
    const o: Obj = {};
    keys.forEach((k, i) => (o[k] = row[i]));
    return o;
  });
  return fromRecords(records, 'csv');
}

/**
 * Parses a credits response body. The Content-Type decides JSON vs CSV when it says so; otherwise
 * the body is sniffed. HTML pages, empty bodies and anything else give a message instead.
 */
export function parseCredits(contentType: string | null, text: string): CreditsResult {
  const body = text.replace(/^\uFEFF/, '');
  const trimmed = body.trim();
  const ct = (contentType ?? '').toLowerCase();
  if (trimmed === '') return { ok: false, message: 'The credits response is empty.' };
  if (
    ct.includes('html') ||
    /^<(!doctype|html|head|body|\?xml)/i.test(trimmed) ||
    trimmed.startsWith('<')
  ) {
    return {
      ok: false,
      message:
        'The credits service answered with a web page, not data. Check the Analytics URL (the ' +
        'analytics service, not the instance) and try again.',
    };
  }
  const looksJson = trimmed.startsWith('{') || trimmed.startsWith('[');
  if (ct.includes('json') || (looksJson && !ct.includes('csv'))) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (err) {
      return {
        ok: false,
        message: `The credits response is not valid JSON (${err instanceof Error ? err.message : String(err)}).`,
      };
    }
    return fromJson(value);
  }
  if (ct.includes('csv') || /[,;\t]/.test(trimmed.split(/\r?\n/, 1)[0] ?? '')) return fromCsv(body);
  return {
    ok: false,
    message: `The credits response is neither JSON nor CSV (starts with "${trimmed.slice(0, 40)}").`,
  };
}
