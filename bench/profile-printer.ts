/**
 * CPU cost of printing a big response in the response worker, measured in Node (no browser, no
 * page sharing the core): the sandbox's search `count:N func` (60000 ≈ 47 MB, the default), its
 * bytes cut in 64 KB pieces as a network stream would bring them, fed to
 *
 *   - `printer`: json-stream-printer.ts alone (pieces decoded beforehand; write, takeLines);
 *   - `job`: format-job.ts's whole path per piece (decode, print, take lines, encode them with
 *     line-codec.ts), posting to nothing;
 *   - `job+clone`: the same with each message cloned as postMessage would (structuredClone with
 *     the ids' buffer transferred: serializing in the worker and deserializing on the page);
 *   - `decode`: line-codec.ts's LineDecoder on those messages (the page's side).
 *
 * Prints CPU ms (process.cpuUsage, which other processes' load does not stretch) per run and per
 * MB, the median of `REPS` runs (5 by default), after one warm-up. With `CPU_PROFILE=printer` (or
 * `job`) it then profiles that measure's runs with the inspector and prints the functions by self
 * time.
 *
 *   node --import tsx bench/profile-printer.ts [count]
 *   CPU_PROFILE=job node --import tsx bench/profile-printer.ts
 *
 * Not part of `npm run bench`: run it on two commits to compare the worker's printing.
 */
import { Session } from 'node:inspector/promises';
import type { ResponseMeta } from '../src/shared/api/classify-http.ts';
import {
  FormatJob,
  JsonStreamPrinter,
  LineDecoder,
  type EncodedLines,
  type FormatReply,
} from '../src/features/console/for-workers.ts';
import { frameName, type Profile } from './lib/cpu-profile.ts';
import { startServer } from './lib/servers.ts';
import { searchQuery } from './scenarios/big-responses.ts';

const count = Number(process.argv[2] ?? 60_000);
// Free ports unless BENCH_PORT names a base (the server takes it and the next two).
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const reps = Number(process.env.REPS ?? 5);
const PIECE = 64 * 1024;
const META: ResponseMeta = {
  status: 200,
  contentType: 'application/json',
  retryAfter: null,
  relayError: false,
};

/** The search's answer, from the sandbox of a real server (`npm start`'s, as the bench runs it). */
async function sandboxBody(): Promise<Uint8Array> {
  const server = await startServer(port, process.env.DIST_DIR ?? 'dist');
  try {
    const sandbox = server.sandbox;
    if (!sandbox?.tokens.user) throw new Error('the server runs no sandbox with a user token');
    const query = searchQuery(count);
    const res = await fetch(`${sandbox.base_url}/.api/graphql`, {
      method: 'POST',
      headers: {
        Authorization: `token ${sandbox.tokens.user}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ query }),
    });
    if (res.status !== 200) throw new Error(`sandbox answered HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  } finally {
    await server.stop();
  }
}

function cpuMs<T>(f: () => T): { ms: number; value: T } {
  const t0 = process.cpuUsage();
  const value = f();
  const d = process.cpuUsage(t0);
  return { ms: (d.user + d.system) / 1000, value };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

function printAll(pieces: string[]): number {
  const p = new JsonStreamPrinter();
  let lines = 0;
  for (const s of pieces) {
    p.write(s);
    lines += p.takeLines().length;
  }
  p.end();
  lines += p.takeLines().length;
  if (p.failed) throw new Error('the printer failed on the sandbox response');
  return lines;
}

function runJob(pieces: Uint8Array[], clone: boolean): EncodedLines[] {
  const out: EncodedLines[] = [];
  const post = (m: FormatReply) => {
    if (m.type !== 'lines') return;
    out.push(clone ? structuredClone(m, { transfer: [m.lines.ids.buffer] }).lines : m.lines);
  };
  const job = new FormatJob(1, META, post);
  for (const b of pieces) job.feed(b);
  job.finish();
  return out;
}

function selfTimes(p: Profile): [string, number][] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const node = byId.get(p.samples[i] ?? -1);
    const name = node ? frameName(node) : '?';
    self.set(name, (self.get(name) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  }
  return [...self].sort((a, b) => b[1] - a[1]);
}

const body = await sandboxBody();
const mb = body.byteLength / 1e6;
const bytePieces: Uint8Array[] = [];
for (let at = 0; at < body.byteLength; at += PIECE) bytePieces.push(body.subarray(at, at + PIECE));
const decoder = new TextDecoder();
const pieces = bytePieces.map((b) => decoder.decode(b, { stream: true }));
const chars = pieces.reduce((n, s) => n + s.length, 0);
console.log(
  `search count:${count}: ${mb.toFixed(1)} MB, ${(chars / 1e6).toFixed(1)} M characters, ` +
    `${bytePieces.length} pieces of 64 KB; ${reps} runs after a warm-up`,
);

const measures: [string, () => unknown][] = [
  ['printer', () => printAll(pieces)],
  ['job', () => runJob(bytePieces, false)],
  ['job+clone', () => runJob(bytePieces, true)],
];
for (const [name, f] of measures) {
  f();
  const ms: number[] = [];
  for (let r = 0; r < reps; r++) ms.push(cpuMs(f).ms);
  const m = median(ms);
  console.log(
    `${name.padEnd(10)} CPU median ${m.toFixed(0)} ms, ${(m / mb).toFixed(1)} ms/MB, ` +
      `${((m * 1e6) / chars).toFixed(1)} ns/char (runs ${ms.map((x) => x.toFixed(0)).join(', ')})`,
  );
}
const messages = runJob(bytePieces, true);
const decodeMs: number[] = [];
for (let r = 0; r <= reps; r++) {
  const d = new LineDecoder();
  const { ms } = cpuMs(() => messages.forEach((m) => d.decode(m)));
  if (r > 0) decodeMs.push(ms);
}
console.log(`decode     CPU median ${median(decodeMs).toFixed(0)} ms (the page's side)`);

const profiled = process.env.CPU_PROFILE;
if (profiled) {
  const run = profiled === 'job' ? () => runJob(bytePieces, false) : () => printAll(pieces);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  for (let r = 0; r < reps; r++) run();
  const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
  session.disconnect();
  const rows = selfTimes(profile);
  const total = rows.reduce((n, [, ms]) => n + ms, 0);
  console.log(
    `\n${profiled === 'job' ? 'job' : 'printer'}, ${reps} runs: self time by function (${total.toFixed(0)} ms sampled)`,
  );
  for (const [name, ms] of rows.slice(0, 25))
    console.log(
      `${ms.toFixed(0).padStart(7)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${name}`,
    );
}
