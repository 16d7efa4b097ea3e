/**
 * The report's body as bytes, for serving: the same text as `reportLines` (report.ts, the
 * reference: `report-bytes.test.ts` checks every granularity byte for byte), written straight
 * into 64 KB buffers for the finest granularity, the one that makes million-row reports. Built
 * as strings (an 18-cell concatenation per row, then flattening and UTF-8 encoding of every
 * chunk), such a report costs seconds of the sandbox's CPU, on the same cores as the browser
 * whose report load the bench measures. Here a row's identity,
 * client, day and language are encoded once and copied, and its counts written as digits.
 * Other granularities (at most one row per user and day or month) go through `reportLines`.
 */
import { addDays } from '../../../src/shared/contracts/dates.ts';
import type { Granularity } from '../../../src/shared/contracts/report-params.ts';
import { type Activity, type Dataset, dayNumber, type User, userDay } from './data.ts';
import {
  BLANK_METRICS,
  COLUMN_PLAN,
  formatNumber,
  identity,
  METRIC_COLUMNS,
  POW10,
  reportLines,
  reportRange,
} from './report.ts';

/** The first chunk is small so the first rows leave quickly (as `pumpLines` does for lines). */
const FIRST_CHUNK_BYTES = 16 * 1024;
const CHUNK_BYTES = 64 * 1024;
/** Room past a chunk's size for the row that fills it (`reserve` grows a buffer for more). */
const ROOM = 4096;
/** Rows held longer than this go out at the next day's end. */
const FLUSH_AFTER_MS = 50;

/** Decimal digits of a non-negative integer below 2^31. */
function digitCount(n: number): number {
  let digits = 1;
  for (let t = n; t >= 10; t = (t / 10) | 0) digits++;
  return digits;
}

/** Rows written into buffers of `CHUNK_BYTES`; a full one is taken and a new one begun. */
class ByteRows {
  private buf: Buffer;
  private pos = 0;

  constructor(private limit: number) {
    this.buf = Buffer.allocUnsafe(limit + ROOM);
  }

  get full(): boolean {
    return this.pos >= this.limit;
  }

  get empty(): boolean {
    return this.pos === 0;
  }

  /** Room for `n` more bytes (a row is far below a chunk, but an identity has no set length). */
  reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  bytes(b: Uint8Array): void {
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  byte(c: number): void {
    this.buf[this.pos++] = c;
  }

  /** A non-negative integer as `'' + n` writes it (digits only below 2^31). */
  uint(n: number): void {
    if (!(n >= 0 && n < 0x80000000 && (n | 0) === n)) {
      this.pos += this.buf.write('' + n, this.pos, 'latin1');
      return;
    }
    let at = this.pos + digitCount(n);
    this.pos = at;
    do {
      const q = (n / 10) | 0;
      this.buf[--at] = 48 + n - q * 10;
      n = q;
    } while (n > 0);
  }

  /**
   * `v` rounded to `decimals` places, as `formatNumber` writes it: `'' + Math.round(v * p) / p`
   * prints the shortest decimal that reads back as that double, which for these magnitudes (rates
   * and percentages) is the integer's digits with the point put back and trailing zeros dropped.
   */
  fixed(v: number, decimals: number, p: number): void {
    const k = Math.round(v * p);
    if (!(k >= 0 && k < 0x80000000 && decimals > 0)) {
      this.pos += this.buf.write(formatNumber(v, decimals), this.pos, 'latin1');
      return;
    }
    const whole = Math.floor(k / p);
    let frac = k - whole * p;
    this.uint(whole);
    if (frac === 0) return;
    let places = decimals;
    while (frac % 10 === 0) {
      frac /= 10;
      places--;
    }
    this.byte(DOT);
    for (let z = digitCount(frac); z < places; z++) this.byte(ZERO);
    this.uint(frac);
  }

  /** The bytes written so far, as a chunk of their own; the next rows go to a new buffer. */
  take(limit: number): Buffer {
    const out = this.buf.subarray(0, this.pos);
    this.limit = limit;
    this.buf = Buffer.allocUnsafe(limit + ROOM);
    this.pos = 0;
    return out;
  }
}

const COMMA = 44;
const DOT = 46;
const ZERO = 48;
const CR = 13;
const LF = 10;

/** UTF-8 of strings met again and again (identities, clients, languages), encoded once. */
class Encoded {
  private readonly byUser = new WeakMap<User, Buffer>();
  private readonly byText = new Map<string, Buffer>();
  user(u: User): Buffer {
    let b = this.byUser.get(u);
    if (!b) this.byUser.set(u, (b = Buffer.from(identity(u))));
    return b;
  }
  text(s: string): Buffer {
    let b = this.byText.get(s);
    if (!b) this.byText.set(s, (b = Buffer.from(s)));
    return b;
  }
}

const BLANK = Buffer.from(BLANK_METRICS);
// Module-local copies: the hot loop below reads them for every cell.
const COLUMNS = [...METRIC_COLUMNS];
const PLAN = { ide: [...COLUMN_PLAN.ide], web: [...COLUMN_PLAN.web] };
/** Upper bound of a row's bytes besides its identity, client and language. */
const ROW_SLACK = 16 + METRIC_COLUMNS.length * 24;

function writeMetrics(out: ByteRows, a: Activity): void {
  if (a.blank) {
    out.bytes(BLANK);
    return;
  }
  const plan = a.ide ? PLAN.ide : PLAN.web;
  for (let i = 0; i < COLUMNS.length; i++) {
    out.byte(COMMA);
    if (!plan[i]) continue;
    const c = COLUMNS[i]!;
    const v = c.value(a.m);
    if (v === undefined) continue;
    if (c.decimals === undefined) out.uint(v);
    else out.fixed(v, c.decimals, POW10[c.decimals]!);
  }
}

/**
 * The body of a report: chunks of bytes, header included (the finest granularity), or lines (the
 * others), and `''` between heavy steps so the writer can give the event loop a turn
 * (`pumpLines`).
 */
export function* reportBody(
  ds: Dataset,
  g: Granularity,
  startDate: string,
  endDate: string,
): Generator<string | Uint8Array> {
  if (g !== 'by_user_day_client_language') {
    yield* reportLines(ds, g, startDate, endDate);
    return;
  }
  const out = new ByteRows(FIRST_CHUNK_BYTES);
  const header = reportLines(ds, g, startDate, endDate).next();
  if (!header.done) out.bytes(Buffer.from(header.value));
  const range = reportRange(ds, startDate, endDate);
  const enc = new Encoded();
  let lastTake = performance.now();
  for (let day = range?.from ?? ''; range && day <= range.to; day = addDays(day, 1)) {
    const dn = dayNumber(day);
    const dayBytes = enc.text(day);
    for (const u of ds.users) {
      const acts = userDay(u, dn);
      if (acts.length === 0) continue;
      const id = enc.user(u);
      for (const a of acts) {
        const client = enc.text(a.client);
        const language = enc.text(a.language);
        out.reserve(id.length + client.length + language.length + ROW_SLACK);
        out.bytes(id);
        out.byte(COMMA);
        out.bytes(client);
        out.byte(COMMA);
        out.bytes(dayBytes);
        out.byte(COMMA);
        out.bytes(language);
        writeMetrics(out, a);
        out.byte(CR);
        out.byte(LF);
      }
      if (out.full) {
        yield out.take(CHUNK_BYTES);
        lastTake = performance.now();
      }
    }
    // A day's end: rows held longer than FLUSH_AFTER_MS go out (a slow report shows progress),
    // else a heartbeat so the writer can give the event loop a turn.
    if (!out.empty && performance.now() - lastTake >= FLUSH_AFTER_MS) {
      yield out.take(CHUNK_BYTES);
      lastTake = performance.now();
    } else yield '';
  }
  if (!out.empty) yield out.take(CHUNK_BYTES);
}
