import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Papa from 'papaparse';
import {
  columnRoles,
  CsvByteStream,
  CsvChunkParser,
  ReportStore,
  retention,
  type ByteSink,
} from '../../src/features/analytics/for-workers.ts';
import { summarize } from './stats.ts';
import type { SandboxInfo } from './servers.ts';
import { SkipScenario } from './types.ts';

// The big report read in Node (bench/scenarios/big-report.ts): papaparse's ceiling on this
// machine, the parsers side by side over the same bytes, and a plain line scan for 5 M rows.

/** The numeric column sorted in the page; the first row after a descending sort is known. */
export const SORT_COLUMN = 'Total Characters Written';
export const REPORT_PATH = '/api/reports/by-user-client-date';
/** Timed runs of each parser over the same bytes, after one warm-up pair. */
const PARSER_RUNS = 5;

/** A full garbage collection in this process (V8's flag, set once). */
const fullGc = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

export interface NodeRun {
  rows: number;
  bytes: number;
  /** Fetch + papaparse, chunk by chunk as bytes arrive: the end-to-end ceiling on this machine. */
  streamMs: number;
  /** papaparse over the same text already in memory (decoded). */
  parseMs: number;
  /** The same bytes in memory: decoded and parsed by papaparse (median of warm runs). */
  papaBytesMs: number;
  /** The same bytes in memory: the report worker's parser and store (median of warm runs). */
  oursBytesMs: number;
  /** Retention by ISO week / by month over that store, as the worker computes it (median). */
  cohortWeekMs: number;
  cohortMonthMs: number;
  /** 1-based number of the first row holding the column's maximum (stable descending sort). */
  maxRow: number;
}

/** Parses string chunks with papaparse's streaming parser, counting rows and tracking the max. */
function parseChunks(source: Readable): Promise<{ rows: number; maxRow: number }> {
  return new Promise((resolve, reject) => {
    let rows = -1; // the header
    let col = -1;
    let max = -Infinity;
    let maxRow = 0;
    Papa.parse<string[]>(source as unknown as File, {
      skipEmptyLines: true,
      chunk(result) {
        const data = result.data;
        let i = 0;
        const [head] = data;
        if (col < 0 && head) {
          col = head.indexOf(SORT_COLUMN);
          i = 1;
          rows = 0;
        }
        for (; i < data.length; i++) {
          rows++;
          const cell = data[i]?.[col];
          if (cell) {
            const v = Number(cell);
            if (v > max) {
              max = v;
              maxRow = rows;
            }
          }
        }
      },
      complete: () => resolve({ rows, maxRow }),
      error: (err: Error) => reject(err),
    });
  });
}

/** Downloads and parses the report in Node (the ceiling), keeping the bytes as decoded chunks. */
export async function nodeRun(info: SandboxInfo, host: string): Promise<NodeRun> {
  const url = `${info.analytics_url}${REPORT_PATH}?instanceURL=${encodeURIComponent(host)}`;
  // Warm the server up (JIT of the generator) on the last few days, so the first timed request
  // is not also the first one the fresh server process sees.
  const recent = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  await (
    await fetch(`${url}&startDate=${recent}`, {
      headers: { Authorization: `Bearer ${info.tokens.analytics}` },
    })
  ).arrayBuffer();
  const t0 = performance.now();
  const res = await fetch(url, { headers: { Authorization: `Bearer ${info.tokens.analytics}` } });
  if (res.status !== 200 || !res.body)
    throw new SkipScenario(`the analytics sandbox answered ${res.status} to the report request`);
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  const raw: Uint8Array[] = [];
  let bytes = 0;
  const body = res.body;
  const source = Readable.from(
    (async function* () {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        raw.push(chunk);
        const s = decoder.decode(chunk, { stream: true });
        chunks.push(s);
        yield s;
      }
      const tail = decoder.decode();
      if (tail) {
        chunks.push(tail);
        yield tail;
      }
    })(),
  );
  const streamed = await parseChunks(source);
  const streamMs = performance.now() - t0;
  const t1 = performance.now();
  await parseChunks(Readable.from(chunks));
  const parseMs = performance.now() - t1;
  chunks.length = 0; // ~250 MB of text the comparison below would carry through its GCs
  // Bytes in, rows out, both ways, in this process: papaparse needs the text, ours reads bytes.
  // Interleaved, a full GC before each, the first pair a warm-up: the median of the others (a
  // shared two-core VM swings single runs by ±25 %, and each side's garbage stays its own).
  const papaRuns: number[] = [];
  const oursRuns: number[] = [];
  let cohorts = { week: NaN, month: NaN };
  for (let run = 0; run <= PARSER_RUNS; run++) {
    fullGc();
    const tp = performance.now();
    const dec = new TextDecoder();
    const text = (function* () {
      for (const r of raw) yield dec.decode(r, { stream: true });
      yield dec.decode();
    })();
    const papa = await parseChunks(Readable.from(text));
    const papaMs = performance.now() - tp;
    fullGc();
    const to = performance.now();
    const store = oursFromBytes(raw);
    const oursMs = performance.now() - to;
    const ours = store?.length ?? 0;
    if (run === PARSER_RUNS && store) cohorts = cohortTimes(store);
    if (ours !== papa.rows || papa.rows !== streamed.rows)
      throw new Error(
        `rows differ: ours ${ours}, papaparse ${papa.rows} (streamed ${streamed.rows})`,
      );
    if (run === 0) continue;
    papaRuns.push(papaMs);
    oursRuns.push(oursMs);
  }
  const papaBytesMs = summarize(papaRuns).median;
  const oursBytesMs = summarize(oursRuns).median;
  return {
    rows: streamed.rows,
    bytes,
    streamMs,
    parseMs,
    papaBytesMs,
    oursBytesMs,
    cohortWeekMs: cohorts.week,
    cohortMonthMs: cohorts.month,
    maxRow: streamed.maxRow,
  };
}

/** Retention (`lib/retention.ts`) over a whole store by week and by month: medians of 3 runs, ms. */
function cohortTimes(store: ReportStore): { week: number; month: number } {
  const cols = columnRoles(store.header, store.types(), store.leadingZeros());
  const time = (per: 'week' | 'month') => {
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const r = retention(store.source(), cols, per);
      runs.push(performance.now() - t);
      if (!r.ok) throw new Error(`retention by ${per}: ${r.message}`);
    }
    return summarize(runs).median;
  };
  return { week: time('week'), month: time('month') };
}

/** The report worker's parser and store over byte chunks (as `report.worker.ts` feeds them). */
function oursFromBytes(raw: readonly Uint8Array[]): ReportStore | undefined {
  const parser = new CsvChunkParser();
  let store: ReportStore | undefined;
  const s = () => (store ??= new ReportStore(parser.header ?? []));
  const sink: ByteSink = {
    append: (rows) => void (rows.length && s().append(rows)),
    appendLines: (text, from, to, nl) => s().appendLines(text, from, to, nl),
    appendLineBytes: (b, from, to, nl) => s().appendLineBytes(b, from, to, nl),
  };
  const stream = new CsvByteStream(parser, sink);
  for (const r of raw) stream.push(r);
  stream.end();
  store?.compact();
  return store;
}

/**
 * Counts the rows of the big report and finds the first row holding the maximum of SORT_COLUMN
 * by splitting lines (the sandbox never quotes a line break, so a line is a row): at 5 M rows
 * papaparse in Node would take minutes of this shared machine for no extra information.
 */
export async function scanRun(
  info: SandboxInfo,
  host: string,
): Promise<{ rows: number; maxRow: number; bytes: number }> {
  const url = `${info.analytics_url}${REPORT_PATH}?instanceURL=${encodeURIComponent(host)}`;
  const res = await fetch(url, { headers: { Authorization: `Bearer ${info.tokens.analytics}` } });
  if (res.status !== 200 || !res.body)
    throw new SkipScenario(`the analytics sandbox answered ${res.status} to the report request`);
  const decoder = new TextDecoder();
  let rest = '';
  let rows = -1;
  let col = -1;
  let max = -Infinity;
  let maxRow = 0;
  let bytes = 0;
  const line = (text: string) => {
    if (text === '') return;
    if (rows < 0) {
      col = text.split(',').indexOf(SORT_COLUMN);
      rows = 0;
      return;
    }
    rows++;
    const v = Number(text.split(',')[col] || NaN);
    if (v > max) {
      max = v;
      maxRow = rows;
    }
  };
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\r\n');
    rest = lines.pop() ?? '';
    for (const l of lines) line(l);
  }
  line(rest + decoder.decode());
  return { rows, maxRow, bytes };
}
